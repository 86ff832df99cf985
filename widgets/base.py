"""What every screen of ``widgets/`` shares: its language, as one trait type.

Each view that speaks has a ``lang`` trait of type :class:`Lang`: ``"sv"`` (the default) or
``"en"``, anything else refused with one message. A page's language switch is the one source:
its views follow it through a link (``ipywidgets.dlink``), never by a parent setting each
child's language by hand.

>>> import traitlets
>>> class View(traitlets.HasTraits):
...     lang = Lang()
>>> view = View()
>>> view.lang
'sv'
>>> view.lang = "en"; view.lang
'en'
>>> view.lang = "de"
Traceback (most recent call last):
...
traitlets.traitlets.TraitError: unknown language 'de': use 'sv' or 'en'
"""

from __future__ import annotations

import traitlets as tr

from .i18n import LANGS

__all__ = ["Lang"]


class Lang(tr.Unicode):
    """A language trait: ``"sv"`` or ``"en"``, by default ``"sv"``."""

    info_text = "'sv' or 'en'"

    def __init__(self, default_value: str = "sv", **kwargs: object) -> None:
        if default_value not in LANGS:
            raise ValueError(f"unknown language {default_value!r}: use 'sv' or 'en'")
        super().__init__(default_value, **kwargs)

    def validate(self, obj: object, value: object) -> str:
        value = super().validate(obj, value)
        if value not in LANGS:
            raise tr.TraitError(f"unknown language {value!r}: use 'sv' or 'en'")
        return value
