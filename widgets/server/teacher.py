"""The teacher's pages of a class ("Klassöversikt"), served beside the pupil's join page: make a
class, print the pupils' sign-in cards, read the overview on a laptop or a projector, open a
common mistake as a question to the class, give assignments.

=====================================================  ==============================================
``GET  {base}vandatta/teacher[/CODE]``                 the teacher's page (a shell ``teacher.js`` fills)
``GET  {base}vandatta/teacher-static/F``               its script and stylesheet
``GET  {base}vandatta/api/classes/CODE/view``          the overview with each mistake in words  ·T
``GET  {base}vandatta/api/classes/CODE/pupils/ID/view``  one pupil's page, mistakes in words  ·T
``POST {base}vandatta/api/classes/CODE/question``      a mistake's position as a round's record for
                                                       "Vad skulle du spela?" (:mod:`vandatta_widgets.tables.poll`),
                                                       its question and its answer (:func:`mistake_question`)  ·T
=====================================================  ==============================================

**Who is the teacher.** Whoever holds the class's teacher secret (made with the class, shown
once, only its hash kept: :meth:`~vandatta_widgets.server.classes.ClassService.create_class`). The page
keeps it in the teacher's browser (``localStorage`` under ``vandatta:teacher``) and sends it in
the ``X-Vandatta-Teacher`` header, never in a URL. The page itself holds nothing about pupils:
without the secret every request for the class's data is refused (403), so a pupil who opens
the teacher's address sees only the form that asks for the teacher's key.

**A mistake as a question.** A mistake's event keeps what the child saw compactly (their hand,
the top card, the turn under way, the rules: ``docs/learner-record.md``). :func:`~vandatta_widgets.learner.events.position_game`
reads it back into a position of the engine, the other player's hand and the talon dealt from
the cards nobody saw; :func:`question_record` makes it a round of one move, the record that the
class's questions (:class:`vandatta_widgets.tables.poll.Poll`) ask about at its first move.
Those dealt cards are made up: the class is shown only what the child saw (the talon face down
and not counted) and told that nobody knows the rest; the rule and the explanation come only
with the answer (:func:`mistake_question`), as in the replay's classroom mode.

>>> game = position_game("7H KS 2C|7C")
>>> [str(m) for m in game.legal_moves()]
['2♣', '7♥', 'draw']
>>> position_words("7H KS 2C|7C", "KS", "not_allowed", "sv")
'Överst i högen ligger klöver sjua. Du har hjärter sjua, spader kung och klöver tvåa. Någon i klassen lade spader kung. Det fick man inte.'
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tornado.web

from vandatta import Card, InvalidMoveError, Move
from vandatta.cards import Rank, Suit
from vandatta.explain import declaration_words
from vandatta.lang import join_words
from vandatta.record import write_record

from ..base.i18n import LANGS, UI, t, term
from ..learner.events import PositionError, position_game
from ..learner.path import LESSONS
from ..path.pictures import picture_name, picture_svg
from ..tables.codes import RateLimit
from ..tables.page import poll_words, shell_html
from .classes import (
    COMPUTER_LEVELS,
    PASSWORD_PICTURES,
    PUZZLE_LEVELS,
    ClassProblem,
    ClassService,
)
from .handlers import CODE, ID, ClassApi, refusing

__all__ = [
    "mistake_question",
    "position_words",
    "position_parts",
    "question_record",
    "teacher_handlers",
    "teacher_page_html",
]

HERE = Path(__file__).resolve().parent
STATIC = {"teacher.js": "application/javascript; charset=utf-8", "teacher.css": "text/css; charset=utf-8"}


def _cards_said(cards: list[Card] | tuple[Card, ...], lang: str) -> str:
    return join_words([t("kt_the_card", lang, card=card.name(lang)) for card in cards], lang)


def _declared_said(suit: Suit, rank: Rank | None, lang: str) -> str:
    words = declaration_words(suit, rank, lang)
    return t("kt_the_declared", lang, decl=words) if rank is not None else words


def _chosen_said(move: Move, who: str, lang: str) -> str:
    """What was chosen, as a sentence: "Någon i klassen lade spader kung." """
    someone = t(who, lang)
    if move.is_draw:
        return t("kt_ex_drew", lang, who=someone)
    if move.is_pass:
        return t("kt_ex_passed", lang, who=someone)
    cards = _cards_said(move.cards, lang)
    if move.declared_suit is not None:
        cards = t(
            "kt_ex_counts_as",
            lang,
            cards=cards,
            decl=_declared_said(move.declared_suit, move.declared_rank, lang),
        )
    return t("kt_ex_laid", lang, who=someone, cards=cards)


def position_words(position: str, move: str, outcome: str, lang: str) -> str:
    """A mistake's position in a child's words: the top card, the hand, and what was chosen
    (and whether it was allowed). Empty when the position cannot be read."""
    return " ".join(part for part in position_parts(position, move, outcome, lang) if part)


def position_parts(
    position: str, move: str, outcome: str, lang: str, *, who: str = "kt_someone"
) -> tuple[str, str]:
    """:func:`position_words` in two parts: what the child saw (the question to the class)
    and what was chosen (shown with the answer; ``who`` is the catalog key saying who chose
    it); ``("", "")`` when it cannot be read.

    >>> position_parts("5H 2C|AH|f=H", "2C", "not_allowed", "en")
    ('On top of the pile is the ace of hearts. The ace must be followed by a card in hearts. You have the five of hearts and the two of clubs.', 'Someone in the class laid the two of clubs. That was not allowed.')
    >>> position_parts("7H 8S|7C", "8S=KH", "mistake", "sv", who="kt_the_pupil")[1]
    'Eleven lade spader åtta, som räknas som hjärter kung. Det fick man, men det fanns ett bättre drag.'
    """
    try:
        game = position_game(position)
    except PositionError:
        return "", ""
    top = game.pile[-1]
    declared = game.declaration
    if top.is_eight and declared is not None and (declared[0], declared[1]) != (top.suit, top.rank):
        said = [
            t(
                "kt_ex_top_eight",
                lang,
                card=_cards_said([top], lang),
                decl=_declared_said(declared[0], declared[1], lang),
            )
        ]
    else:
        said = [t("kt_ex_top", lang, card=_cards_said([top], lang))]
    if game.follow_up_suit is not None:
        said.append(t("kt_ex_follow", lang, suit=game.follow_up_suit.name_in(lang)))
    hand = game.hand(game.to_move)
    said.append(t("kt_ex_hand", lang, cards=_cards_said(hand, lang)))
    if game.draws_this_turn:
        said.append(t("kt_ex_drawn", lang, n=game.draws_this_turn))
    try:
        chosen = Move.parse(move)
    except (InvalidMoveError, ValueError):
        return " ".join(said), ""
    verdict = t("kt_ex_not_allowed" if outcome == "not_allowed" else "kt_ex_better", lang)
    return " ".join(said), _chosen_said(chosen, who, lang) + " " + verdict


def question_record(position: str, move: str) -> dict:
    """The position as a round's record of one move, for the class's questions (asked at its
    first move) and the strong computer's choice there: ``{"record", "strong"}``. The move of
    the record is the child's when the rules allow it (the chart then marks it as played),
    else the strong computer's. The move's annotation tells the class's pages what is made up
    (:class:`vandatta_widgets.tables.poll.Poll` says nothing about it): ``"talon_unknown"``
    always (the talon was dealt anew), ``"made_up"`` when nobody played the move.

    >>> found = question_record("7H KS 2C|7C", "KS")
    >>> found["record"]["moves"] == [found["strong"]], found["strong"] in ("2♣", "7♥", "draw")
    (True, True)
    >>> found["record"]["annotations"]
    [{'move': 1, 'talon_unknown': True, 'made_up': True}]
    """
    from ..tables.poll_tab import strong_move

    game = position_game(position)
    strong = strong_move(game, seed=0)
    try:
        chosen = Move.parse(move)
        played = chosen if game.is_legal(chosen) else Move.parse(strong)
    except (InvalidMoveError, ValueError):
        chosen, played = None, Move.parse(strong)
    note = {"talon_unknown": True} | ({} if played == chosen else {"made_up": True})
    game.play(played, annotation=note)
    return {"record": write_record(game), "strong": strong}


def _example_svg(position: str, lang: str, size: int) -> str:
    """What the child saw, drawn: the talon face down and not counted (its size was not kept),
    the pile's top card and the child's hand. The other player's hand and the talon that
    :func:`position_game` deals are made up, so none of their cards is drawn."""
    from vandatta import svg

    from ..controls.table import pile_svg

    game = position_game(position)
    return pile_svg(game, lang=lang, size=size, talon_known=False) + svg.hand(
        list(game.hand(game.to_move)), size=size, lang=lang
    )


def mistake_question(position: str, move: str, outcome: str, rule: str, strong: str, lang: str) -> dict:
    """A week's mistake as classroom mode's "Vad skulle du spela?": ``"question"``, what the
    class sees until the teacher shows the answer (the position drawn and in words, what nobody
    knows, what to do), with nothing that tells the answer; ``"answer"``, what the reveal adds:
    the rules with their titles (``rule``, the week's, first when it is a rule id), what was
    chosen, and the strong computer's ``strong`` move with the engine's explanation of it (the
    sentences without their rule ids: those are the chips). :class:`PositionError` when the
    position cannot be read.

    >>> asked = mistake_question("7H KS 2C|7C", "KS", "not_allowed", "R4", "2♣", "en")
    >>> "R4" in str(asked["question"]), asked["answer"]["rules"]
    (False, [{'id': 'R4', 'title': 'Same suit or same rank'}])
    >>> asked["answer"]["why"]
    ['2♣ on 7♣: same suit, clubs.']
    """
    from vandatta import RULE_IDS, move_words, rule_title

    from ..base.chips import uncited

    seen, chose = position_parts(position, move, outcome, lang)
    if not seen:
        raise PositionError(f"not a position of the learner's record: {position!r}")
    right = Move.parse(strong)
    why, cited = uncited(position_game(position).check(right).lines(lang))
    rules = [r for r in dict.fromkeys([rule, *cited]) if r in RULE_IDS]
    return {
        "question": {
            "svg": _example_svg(position, lang, 100),
            "words": seen,
            "unknown": t("kt_ex_unknown", lang),
            "then": t("kt_ask_then", lang),
        },
        "answer": {
            "rules": [{"id": r, "title": rule_title(r, lang)} for r in rules],
            "chose": chose,
            "move": str(right),
            "strong": t("cl_other_strong", lang, move=move_words(right, lang)),
            "why": why,
        },
    }


def _with_words(example: dict | None, lang: str, size: int) -> dict | None:
    if example is None or not example.get("position"):
        return example
    seen, chose = position_parts(
        example["position"], example.get("move", ""), example.get("outcome", ""), lang
    )
    if not seen:
        return {**example, "words": "", "chose": "", "svg": ""}
    return {**example, "words": seen, "chose": chose, "svg": _example_svg(example["position"], lang, size)}


def teacher_view(service: ClassService, class_id: int, *, lang: str) -> dict:
    """The overview (:meth:`ClassService.overview`) with each mistake's example in words and
    drawn."""
    overview = service.overview(class_id, lang=lang)
    for mistake in overview["mistakes"]:
        mistake["example"] = _with_words(mistake["example"], lang, 60)
    return overview


def pupil_view(service: ClassService, class_id: int, pupil_id: int, *, lang: str) -> dict:
    """One pupil's page (:meth:`ClassService.pupil_page`) with their mistakes in words."""
    page = service.pupil_page(class_id, pupil_id, lang=lang)
    for mistake in page["mistakes"]:
        parts = position_parts(
            mistake["position"], mistake["move"], mistake["outcome"], lang, who="kt_the_pupil"
        )
        mistake["words"] = " ".join(part for part in parts if part)
    return page


def teacher_config(*, lang: str, base: str, code: str | None) -> dict:
    """What ``teacher.js`` is given: the API's address, the class code in the address, the
    pictures of the cards, the choices of an assignment and the words (both languages' words
    of the class's questions, for the projector)."""
    return {
        "lang": lang,
        "other": next(lg for lg in LANGS if lg != lang),
        "base": base,
        "code": code or "",
        "pictures": {
            p: {"name": picture_name(p, lang), "svg": picture_svg(p, lang, size=56)}
            for p in PASSWORD_PICTURES
        },
        "lessons": LESSONS,
        "puzzleLevels": list(PUZZLE_LEVELS),
        "computers": [
            {"id": c, "name": term("kind_short." + c, lang), "the": term("kind_the." + c, lang)}
            for c in COMPUTER_LEVELS
        ],
        "words": {key: t(key, lang) for key in UI if key.startswith(("kt_", "kl_"))}
        | {key: t(key, lang) for key in ("lr_lesson", "lr_stars", "kj_code", "kj_nickname")},
        "pollWords": poll_words(),
    }


def teacher_page_html(*, lang: str, base: str, code: str | None) -> str:
    static = base + "vandatta/"
    return shell_html(
        lang=lang,
        title=t("kt_title", lang),
        stylesheets=[
            static + "table-static/client.css",
            static + "class-static/poll.css",
            static + "teacher-static/teacher.css",
        ],
        root=("vd-teacher", "vd-teacher"),
        module=static + "teacher-static/teacher.js",
        mount="mount",
        config=teacher_config(lang=lang, base=base, code=code),
    )


def _question_and_answer(position: str, move: str, outcome: str, rule: str, lang: str) -> dict:
    found = question_record(position, move)
    return found | mistake_question(position, move, outcome, rule, found["strong"], lang)


class TeacherPage(ClassApi):
    async def get(self, code: str | None = None) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(teacher_page_html(lang=self.lang(), base=self.base, code=code))


class TeacherStatic(ClassApi):
    async def get(self, name: str) -> None:
        if name not in STATIC:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", STATIC[name])
        self.set_header("Cache-Control", "no-cache")
        self.finish((HERE / name).read_text(encoding="utf-8"))


class ViewApi(ClassApi):
    @refusing
    async def get(self, code: str) -> None:
        class_id = await self.teacher(code)
        self.answer(await self.call(teacher_view, self.service, class_id, lang=self.lang()))


class PupilViewApi(ClassApi):
    @refusing
    async def get(self, code: str, pupil: str) -> None:
        class_id = await self.teacher(code)
        self.answer(await self.call(pupil_view, self.service, class_id, int(pupil), lang=self.lang()))


class QuestionApi(ClassApi):
    @refusing
    async def post(self, code: str) -> None:
        await self.teacher(code)
        data = self.body()
        position, move = data.get("position"), data.get("move", "")
        rule, outcome = data.get("rule", ""), data.get("outcome", "")
        texts = (position, move, rule, outcome)
        if not all(isinstance(x, str) for x in texts) or len(move) > 200:  # as an event's move
            raise ClassProblem("kl_bad_request")
        try:
            self.answer(await self.call(_question_and_answer, position, move, outcome, rule, self.lang()))
        except PositionError:
            raise ClassProblem("kl_bad_request") from None


def teacher_handlers(service: ClassService, base: str = "/") -> list[tuple]:
    """The teacher's pages and what they read, to add beside :func:`class_handlers`."""
    init = {
        "service": service,
        "base": base,
        "pool": ThreadPoolExecutor(max_workers=1, thread_name_prefix="vandatta-teacher"),
        "makes": RateLimit(attempts=30, per_seconds=3600),
    }
    api = base + "vandatta/api/classes/" + CODE
    return [
        (base + r"vandatta/teacher/?", TeacherPage, init),
        (base + r"vandatta/teacher/" + CODE, TeacherPage, init),
        (base + r"vandatta/teacher-static/([a-z.]+)", TeacherStatic, init),
        (api + "/view", ViewApi, init),
        (api + "/pupils/" + ID + "/view", PupilViewApi, init),
        (api + "/question", QuestionApi, init),
    ]
