"""Lesson 11, "Spela smart" / "Play smart": each strategy idea's chart, quiz, puzzles and goal,
and the reviewed round — all read from the figures the package keeps
(:mod:`vandatta.ai.strategy`), so a lesson cell only names the idea.

>>> chart = idea_chart("several", lang="en")
>>> "lays several at once" in chart.svg and "equally good" in chart.svg
True
>>> quiz = idea_quiz("several", lang="en")
>>> quiz.choose(quiz.right_index)
'right'
>>> [p.kind for p in idea_board("ace", lang="en").puzzles()][:1]
['ace_out']

Every number a learner reads (a share, an interval, how many rounds of a hundred) comes from
the stored tournament; the words are below, in Swedish and English (docs/glossary.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from vandatta.ai.strategy import IDEAS, REVIEWED, idea_puzzles, reviewed_round, stored_run
from vandatta.lang import LocalText, check_lang, whole_number

from ..base.i18n import LANGS, UI, percent, texts
from ..controls.charts import Chart, bar_chart
from ..controls.review import ReviewPanel
from .exercise import Attempt, Goal
from .puzzle import PuzzleBoard
from .quiz import Choice, Quiz

__all__ = [
    "idea_chart",
    "ideas_chart",
    "idea_quiz",
    "biggest_idea_quiz",
    "idea_board",
    "reviewed_round_panel",
    "keeps_eights",
]


def _w(key: str, lang: str, **params: object) -> str:
    check_lang(lang)
    text = UI["sg_" + key][lang]
    return text.format(**params) if params else text


def _key(key: str) -> str:
    if key not in IDEAS:
        raise ValueError(f"unknown idea {key!r}: choose from {', '.join(IDEAS)}")
    return key


def _sides(key: str, result: Mapping) -> tuple[Mapping, Mapping]:
    """The entries of the player who follows the idea and of the one who does not."""
    idea = IDEAS[key]
    by_player = {e["player"]: e for e in result["entries"]}
    if set(by_player) != {idea.follows.name, idea.skips.name}:
        raise ValueError(
            f"this result is not idea {key!r}'s: its players are {', '.join(by_player)}, "
            f"not {idea.follows.name} and {idea.skips.name}"
        )
    return by_player[idea.follows.name], by_player[idea.skips.name]


# -- the charts -------------------------------------------------------------------------------------


def idea_chart(key: str, result: Mapping | None = None, *, lang: str = "sv") -> Chart:
    """The share of rounds each of idea ``key``'s two players won, with 95 % intervals and a
    dashed line at 50 % (equally good): the stored run, or ``result`` (a run of
    :func:`vandatta.ai.strategy.run`, e.g. a small one played in the lesson)."""
    key = _key(key)
    result = stored_run(key) if result is None else result
    follows, skips = _sides(key, result)
    return bar_chart(
        [_w(f"{key}_follows", lang), _w(f"{key}_skips", lang)],
        [float(follows["win_rate"]), float(skips["win_rate"])],
        intervals=[(float(side["ci95"][0]), float(side["ci95"][1])) for side in (follows, skips)],
        title=_w("chart_title", lang, n=whole_number(result["games"], lang)),
        ylabel=_w("chart_y", lang),
        note=_w("chart_note", lang),
        reference=0.5,
        reference_label=_w("chart_even", lang),
        width=560,  # two bars: narrow enough to stay readable when a phone shrinks it
    )


def ideas_chart(*, lang: str = "sv") -> Chart:
    """Every idea side by side: how often the player who followed it won its comparison."""
    entries = [(key, _sides(key, stored_run(key))[0]) for key in IDEAS]
    games = {stored_run(key)["games"] for key in IDEAS}
    return bar_chart(
        [_w(f"short_{key}", lang) for key, _ in entries],
        [float(e["win_rate"]) for _, e in entries],
        intervals=[(float(e["ci95"][0]), float(e["ci95"][1])) for _, e in entries],
        title=_w("summary_title", lang),
        ylabel=_w("summary_y", lang, n=whole_number(min(games), lang)),
        note=_w("chart_note", lang),
        reference=0.5,
        reference_label=_w("chart_even", lang),
        height=420,  # room for the words beside the y axis
        width=520,  # four bars, their names on two lines: still readable when a phone shrinks it
    )


# -- the quizzes ------------------------------------------------------------------------------------


def idea_quiz(key: str, *, lang: str = "sv") -> Quiz:
    """About how many rounds out of 100 did the player who follows idea ``key`` win? The
    answer is the stored run's share; the other player's share, 50 (equally good) and a
    number the bar does not reach are the wrong answers, each told why."""
    key = _key(key)
    result = stored_run(key)
    follows, skips = _sides(key, result)
    answer = round(100 * follows["win_rate"])
    other = round(100 * skips["win_rate"])
    far = answer + 12 if answer <= 80 else answer - 12
    words = {x: {"follows": _w(f"{key}_follows", x), "skips": _w(f"{key}_skips", x)} for x in LANGS}
    reasons = [
        (other, lambda x: [_w("q_why_other", x, n=other, skips=words[x]["skips"])]),
        (50, lambda x: [_w("q_why_even", x)]),
        (far, lambda x: [_w("q_why_far", x, p=percent(follows["win_rate"], x))]),
    ]
    by_value = {answer: Choice.plain(answer)}
    for value, why in reasons:  # (the first reason for a value is kept)
        by_value.setdefault(value, Choice.plain(value, why))
    choices = [by_value[value] for value in sorted(by_value)]
    low, high = follows["ci95"]

    def explain(x: str) -> list[str]:
        lines = [
            _w(
                "q_right",
                x,
                follows=words[x]["follows"],
                wins=whole_number(follows["wins"], x),
                games=whole_number(result["games"], x),
                n=answer,
            ),
            _w("q_interval", x, low=percent(low, x), high=percent(high, x)),
        ]
        if low <= 0.5:
            lines.append(_w("q_unsure", x))
        else:
            lines.append(_w("q_pays" if low > 0.53 else "q_pays_little", x))
        return lines

    return Quiz(
        prompt=LocalText.of(lambda lang: _w("q_prompt", lang, follows=words[lang]["follows"])),
        choices=choices,
        answer=answer,
        lang=lang,
        explain=explain,
        hint=lambda x: [_w("q_hint", x, follows=words[x]["follows"])],
    )


def _more(key: str) -> int:
    """How many more rounds out of 100 the player who follows idea ``key`` won."""
    follows, skips = _sides(key, stored_run(key))
    return round(100 * (follows["win_rate"] - skips["win_rate"]))


def biggest_idea_quiz(*, lang: str = "sv") -> Quiz:
    """Which idea made the biggest difference (the most rounds out of 100 won by following
    it)? Each idea is a choice; a wrong one is told its own difference."""
    differences = {key: _more(key) for key in IDEAS}
    best = max(differences, key=lambda key: differences[key])
    if sorted(differences.values())[-2] == differences[best]:
        raise ValueError("two ideas made the same difference: the quiz would have two answers")
    choices = []
    for key in IDEAS:
        why = None
        if key != best:

            def why(x: str, key: str = key) -> list[str]:
                return [
                    _w(
                        "big_why",
                        x,
                        title=_w(f"title_{key}", x),
                        more=differences[key],
                        most=differences[best],
                    )
                ]

        choices.append(Choice(key, texts(f"sg_title_{key}"), why))
    return Quiz(
        prompt=texts("sg_big_prompt"),
        choices=choices,
        answer=best,
        lang=lang,
        explain=lambda x: [_w("big_right", x, title=_w(f"title_{best}", x), more=differences[best])],
        hint=lambda x: [_w("big_hint", x)],
    )


# -- practice ---------------------------------------------------------------------------------------


def idea_board(key: str, *, lang: str = "sv") -> PuzzleBoard:
    """The puzzle board with the shipped puzzles that practise idea ``key``
    (:func:`vandatta.ai.strategy.idea_puzzles`), from its easiest level."""
    puzzles = idea_puzzles(_key(key))
    return PuzzleBoard(puzzles, lang=lang, level=min(p.level for p in puzzles))


def keeps_eights() -> Goal:
    """The learner lays a card and keeps every eight (R6: an eight fits on anything, so it is
    worth most when nothing else fits)."""

    def test(a: Attempt) -> bool:
        laid = [card for move in a.moves for card in move.cards]
        return bool(laid) and not any(card.is_eight for card in laid)

    return Goal(test, texts("sg_keep_eight_miss"), rules=("R6",))


def reviewed_round_panel(*, lang: str = "sv") -> ReviewPanel:
    """The lesson's reviewed round (:func:`vandatta.ai.strategy.reviewed_round`) in the review
    panel, opened at the move the lesson talks about. The review is the stored one; "Review
    the round" makes it again, with the same settings and the same result."""
    game = reviewed_round()
    panel = ReviewPanel(
        game,
        seat=REVIEWED["seat"],
        mode="play",
        lang=lang,
        playouts=REVIEWED["playouts"],
        seed=REVIEWED["review_seed"],
    )
    panel.select(REVIEWED["show"])
    return panel
