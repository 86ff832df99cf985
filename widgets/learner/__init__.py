"""The learner's memory, below the UI (no widgets): the record of answers
(:mod:`~vandatta_widgets.learner.events`), mastery per rule (:mod:`~vandatta_widgets.learner.mastery`), the
puzzle rating (:mod:`~vandatta_widgets.learner.rating`), practice of mistakes
(:mod:`~vandatta_widgets.learner.practice`), the path page's data (:mod:`~vandatta_widgets.learner.path`) and the
profiles on one device with their storage (:mod:`~vandatta_widgets.learner.profiles`,
:mod:`~vandatta_widgets.learner.store`). ``docs/learner-record.md`` describes the record's format.
"""
