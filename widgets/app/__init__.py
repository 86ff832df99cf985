"""The dashboard: the widget with its tabs, its settings form, the page that mounts it and a
visit's start (the server that serves it is :mod:`vandatta_widgets.server`)."""
