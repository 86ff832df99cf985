"""What every screen of ``widgets/`` shares: its language, as one trait type, and one guard
for its callbacks.

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

ipywidgets swallows an exception raised in a callback (a click, an observer): the child would
see nothing happen. Every callback of a view is therefore :func:`guarded`: the exception is
kept in the view's ``errors`` (its traceback, for the teacher and the tests) and handed to the
view's ``_report(error)``, which shows it in the visitor's language (the text is a function of
the language, so the switch re-words it); the controls go on working. Errors a view expects
(its ``expected_errors``, e.g. a refused choice) are shown without a traceback.

>>> class Clock:
...     def __init__(self):
...         self.errors, self.shown = [], []
...     def _report(self, error):
...         self.shown.append(error_text(error)("sv"))
...     @guarded
...     def tick(self, n):
...         return 10 // n
>>> clock = Clock()
>>> clock.tick(0) is None, clock.shown
(True, ['Något gick fel: ZeroDivisionError: integer division or modulo by zero'])
>>> len(clock.errors), clock.tick(5)
(1, 2)
"""

from __future__ import annotations

import functools
import traceback
import weakref
from collections.abc import Callable
from typing import Any, TypeVar, cast

import traitlets as tr

from .i18n import LANGS, UnknownLanguage, check_lang, t

__all__ = ["Lang", "guarded", "guard", "error_text"]

F = TypeVar("F", bound=Callable[..., Any])


class Lang(tr.Unicode):
    """A language trait: ``"sv"`` or ``"en"``, by default ``"sv"``."""

    info_text = "'sv' or 'en'"

    def __init__(self, default_value: str = "sv", **kwargs: Any) -> None:
        check_lang(default_value)
        super().__init__(default_value, **kwargs)

    def validate(self, obj: object, value: object) -> str:
        value = super().validate(obj, value)
        if value not in LANGS:
            raise tr.TraitError(str(UnknownLanguage(value)))  # traitlets' own error, the one message
        return value


def error_text(error: BaseException) -> Callable[[str], str]:
    """What an unexpected error says to a visitor, as a function of the language:
    "Något gick fel: KeyError: 'x'" / "Something went wrong: KeyError: 'x'"."""
    said = getattr(error, "text", None)
    if callable(said):  # a Problem (vandatta_widgets.base.problem) or an engine error that says itself
        return said
    detail = f"{type(error).__name__}: {error}"
    return lambda lang: f"{t('error', lang)}: {detail}"


# How deep each view is in nested callbacks (a click sets a slider, whose observer draws) and
# whether one of them failed: only the outermost, when nothing inside it failed, says "all clear".
_DISPATCH: weakref.WeakKeyDictionary[object, list] = weakref.WeakKeyDictionary()


def guarded(method: F) -> F:
    """Decorate a view's callback: an exception it raises is recorded in ``self.errors`` (its
    traceback, unless it is one of ``self.expected_errors``) and shown by ``self._report(error)``;
    the callback then returns ``None`` and every control keeps working. Should ``_report`` fail
    too, that is recorded as well, and nothing is raised into ipywidgets.

    Callbacks nest (a click sets a slider, whose observer draws): when the outermost one ends
    and nothing inside it failed, the view's ``_report_cleared()`` (if it has one) takes down
    an earlier message."""

    @functools.wraps(method)
    def run(self: Any, *args: object, **kwargs: object) -> object:
        try:
            state = _DISPATCH.setdefault(self, [0, False])
        except TypeError:  # a view that cannot be weakly referenced: no nesting bookkeeping
            state = [0, False]
        outermost = state[0] == 0
        if outermost:
            state[1] = False
        state[0] += 1
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # every error must reach the visitor, never be lost
            state[1] = True
            errors = getattr(self, "errors", None)
            expected = getattr(self, "expected_errors", ())
            if isinstance(errors, list) and not isinstance(error, expected):
                errors.append("".join(traceback.format_exception(type(error), error, error.__traceback__)))
            try:
                self._report(error)
            except Exception:
                if isinstance(errors, list):
                    errors.append(traceback.format_exc())
            return None
        finally:
            state[0] -= 1
            cleared = getattr(self, "_report_cleared", None)
            if outermost and not state[1] and cleared is not None:
                cleared()

    return cast(F, run)  # functools.wraps keeps the method's signature


def guard(view: object, action: Callable[..., object], *, arguments: bool = True) -> Callable[..., None]:
    """:func:`guarded` for a callable wired at run time (``button.on_click(guard(view, view.next))``):
    its errors go to ``view`` as a guarded method's do. With ``arguments=False`` the widget's
    own argument (the button, the change) is not passed on."""

    def call(_view: object, *args: object) -> None:
        if arguments:
            action(*args)
        else:
            action()

    call.__name__ = getattr(action, "__name__", "action")
    wrapped = guarded(call)
    return lambda *args: wrapped(view, *args)
