"""The learner's side of the app: "Min väg" / "My path" (:mod:`vandatta_widgets.path.view`), the
browser's storage of the record (:mod:`vandatta_widgets.path.storage`) and each page's link to it
(:mod:`vandatta_widgets.path.session`), over the model in :mod:`vandatta_widgets.learner`."""
