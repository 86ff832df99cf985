"""The learner's side of the app: "Min väg" / "My path" (:mod:`widgets.path.view`), the
browser's storage of the record (:mod:`widgets.path.storage`) and each page's link to it
(:mod:`widgets.path.session`), over the model in :mod:`widgets.learner`."""
