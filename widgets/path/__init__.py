"""The learner's record on the page, beneath the lessons and the play table: each page's link
to it (:mod:`vandatta_widgets.path.session`), the browser's storage (:mod:`vandatta_widgets.path.storage`),
the class's copy (:mod:`vandatta_widgets.path.sync`), the lesson plan, the picture password and the
small pieces a lesson shows (stars, a practice question), over the model in
:mod:`vandatta_widgets.learner`. The page "Min väg" / "My path" itself opens lessons, so it sits
above them, in the dashboard (:mod:`vandatta_widgets.app.path_page`)."""
