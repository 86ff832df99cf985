"""The learner's memory, below the UI (no widgets): the record of answers
(:mod:`~widgets.learner.events`), mastery per rule (:mod:`~widgets.learner.mastery`), the
puzzle rating (:mod:`~widgets.learner.rating`), practice of mistakes
(:mod:`~widgets.learner.practice`), the path page's data (:mod:`~widgets.learner.path`) and the
profiles on one device with their storage (:mod:`~widgets.learner.profiles`,
:mod:`~widgets.learner.store`). ``docs/learner-record.md`` describes the record's format.
"""
