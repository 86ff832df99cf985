"""A short celebration for what an answer earned: a star, a whole lesson, a rule mastered.

Words of praise from the catalog; a star that pops in (CSS ``vd-celebrate`` in
``widgets/base/style.css``: no motion under ``prefers-reduced-motion``); ``role="status"`` so a
screen reader says it.

>>> print(celebration_html(["star", "practice:R7"], "en"))
<div class="vd-celebrate" role="status"><span class="vd-celebrate-star" aria-hidden="true">★</span> <span>Nice! You earned a star!</span></div>
>>> celebration_html(["practice:R7"], "sv")
''
"""

from __future__ import annotations

from html import escape

from ..base.i18n import UI, t

__all__ = ["celebration_html", "praise"]


def praise(news: list[str], lang: str) -> list[str]:
    """The praise for ``news`` (:meth:`vandatta_widgets.learner.path.Learner.keep`), best first."""
    words = []
    if "lesson" in news:
        words.append(t("lr_praise_lesson", lang))
    elif "star" in news:
        words.append(t("lr_praise_star", lang))
    for item in news:
        if item.startswith("mastered:"):
            rule = item.partition(":")[2]
            name = t(f"rule_{rule}", lang) if f"rule_{rule}" in UI else rule
            words.append(t("lr_praise_mastered", lang, rule=name))
    return words


def celebration_html(news: list[str], lang: str) -> str:
    """The celebration for ``news``, or ``""`` when there is nothing to celebrate."""
    words = praise(news, lang)
    if not words:
        return ""
    stars = "★★★" if "lesson" in news else "★"
    text = " ".join(f"<span>{escape(w)}</span>" for w in words)
    return (
        f'<div class="vd-celebrate" role="status"><span class="vd-celebrate-star" aria-hidden="true">'
        f"{stars}</span> {text}</div>"
    )
