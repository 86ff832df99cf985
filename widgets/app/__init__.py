"""The dashboard, on top of every level: the widget with its tabs, its settings form, the page
that mounts it, a visit's start, and its first tab "Min väg" / "My path"
(:mod:`~vandatta_widgets.app.path_page`, above the lessons it opens). The server that serves it
is :mod:`vandatta_widgets.server`."""
