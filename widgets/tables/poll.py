"""A class answering from their own devices: the teacher's "Vad skulle du spela?" on every
pupil's phone, the answers counted on the projector, the engine's verdict on reveal.

A :class:`Poll` is a second kind of room in the tables' server, with a code of the same kind
(the server's classes are :class:`vandatta_widgets.tables.poll_service.PollService`'s).
The teacher gives it a round's record once; each question is a ply of that round, asked as
the mover saw it (the mover's hand, the pile, the legal plays: all from the engine). Pupils
answer with a move; a second answer replaces the first until the teacher reveals; then each
pupil is told whether their answer was legal (the engine's verdict) and how it compares with
the move played and the strong computer's.

>>> from vandatta import write_record
>>> from vandatta.ai import demo_game
>>> poll = Poll.create(write_record(demo_game()), code="AHCK7", now=0)
>>> poll.ask(poll.owner_token, ply=0, strong=None, now=1)
>>> ada, bo = poll.add_pupil(now=1), poll.add_pupil(now=1)
>>> poll.answer(ada, "draw", now=2); poll.answer(bo, "pass", now=3); poll.answer(bo, "draw", now=4)
>>> poll.counts()
{'answered': 2, 'question': 1}
>>> poll.reveal(poll.owner_token, now=5)
>>> [(row["move"], row["count"], row["legal"]) for row in poll.tally("en")]
[('draw', 2, True), ('J♣', 0, True)]

(J♣ is the move played: it is in the chart even when nobody chose it.) A pupil is known only by a token their browser keeps (the server keeps its hash); names are
shown to the teacher only when the teacher turns them on. Bad input is a :class:`PollProblem`
in either language and changes nothing.

A question about a learner's mistake (:func:`vandatta_widgets.server.teacher.question_record`)
is a round made up around what the child saw; its move's annotation says so, and the pages
then tell nothing made up: no line that says a move nobody played "was played"
(``"made_up"``), the talon face down and not counted (``"talon_unknown"``). The chart's
explanations are the engine's sentences without their rule ids; the ids come beside them
(``"rules"``), chips to tap.
"""

from __future__ import annotations

import csv
import io
from collections import Counter

from vandatta import Game, InvalidMoveError, Move, move_words
from vandatta.record import read_game

from ..base.chips import uncited
from ..base.i18n import LANGS, t
from ..controls.table import pile_svg
from ..play.session import clean_name
from ..play.turn import hand_frame, hand_order, move_label
from .codes import new_token, token_hash
from .table import TableProblem

__all__ = ["Poll", "PollProblem", "MAX_PUPILS", "MAX_QUESTIONS"]

MAX_PUPILS = 60  # a class and its visitors: a poll refuses more
MAX_QUESTIONS = 200  # a round has fewer moves than this, asked one by one


def _said(notation: str, lang: str) -> str:
    """A move inside a sentence ("Your answer: draw a card."): the engine's words, as they are."""
    return move_words(Move.parse(notation), lang)


class PollProblem(TableProblem):
    """What a page did that the poll refuses, said in either language (a catalog key and its
    values, as a table's refusals); the poll is unchanged."""


class _Question:
    __slots__ = ("ply", "strong", "answers", "revealed")

    def __init__(self, ply: int, strong: str | None) -> None:
        self.ply = ply
        self.strong = strong
        self.answers: dict[str, str] = {}  # pupil's token hash -> the move's text
        self.revealed = False

    def to_json(self) -> dict:
        return {"ply": self.ply, "strong": self.strong, "answers": self.answers, "revealed": self.revealed}


class Poll:
    """One class's questions and answers. Made with :meth:`create` (or :meth:`from_json`
    after a restart)."""

    def __init__(self, code: str, record: dict, *, owner: str, now: float) -> None:
        self.code = code
        self.record = record
        self.game = read_game(record)
        self.owner = owner  # the hash of the teacher's token
        self.owner_token: str | None = None  # the token itself, only on the poll just made
        self.names = False
        self.marks = True  # the pupils' devices mark the cards that fit (the teacher's switch)
        self.paused = False  # the teacher shows the moves without asking: the pupils are told
        self.pupils: dict[str, str | None] = {}  # token hash -> name (None: no name given)
        self.questions: list[_Question] = []
        self.closed = False
        self.touched = now
        self.version = 0
        self._positions: dict[int, Game] = {}
        self._views: dict[tuple[int, str], dict] = {}
        self._verdicts: dict[tuple[int, str], tuple[bool, dict[str, list[str]]]] = {}

    @classmethod
    def create(cls, record: object, *, code: str, now: float) -> Poll:
        """A poll for the round of ``record`` (a record dict): :class:`PollProblem` if it is
        not one the engine can replay."""
        if not isinstance(record, dict):
            raise PollProblem("cl_bad_record")
        try:
            read_game(record)
        except (ValueError, TypeError, KeyError) as error:
            raise PollProblem("cl_bad_record") from error
        token = new_token()
        poll = cls(code, record, owner=token_hash(token), now=now)
        poll.owner_token = token
        return poll

    # -- who is who ---------------------------------------------------------------------

    def is_teacher(self, token: object) -> bool:
        return isinstance(token, str) and token_hash(token) == self.owner

    def pupil(self, token: object) -> str | None:
        """The hash of a known pupil's token, or None."""
        if not isinstance(token, str) or len(token) > 100:
            return None
        key = token_hash(token)
        return key if key in self.pupils else None

    def add_pupil(self, *, now: float) -> str:
        """A new pupil: their token (the browser keeps it, so a reload keeps their answers)."""
        if len(self.pupils) >= MAX_PUPILS:
            raise PollProblem("cl_full")
        token = new_token()
        self.pupils[token_hash(token)] = None
        self._changed(now)
        return token

    def set_name(self, token: object, name: object, *, now: float) -> None:
        key = self._pupil_or_refuse(token)
        self.pupils[key] = clean_name(name) if isinstance(name, str) and name.strip() else None
        self._changed(now)

    def _pupil_or_refuse(self, token: object) -> str:
        key = self.pupil(token)
        if key is None:
            raise PollProblem("cl_no_pupil")
        return key

    def _teacher_or_refuse(self, token: object) -> None:
        if not self.is_teacher(token):
            raise PollProblem("cl_not_teacher")

    # -- the questions ------------------------------------------------------------------

    @property
    def current(self) -> _Question | None:
        return self.questions[-1] if self.questions else None

    def _made_up(self, ply: int, what: str) -> bool:
        """Whether the annotation of the move after ``ply`` moves says ``what`` is made up
        (``"made_up"``: nobody played the move; ``"talon_unknown"``: the talon was dealt anew)."""
        note = self.game.annotation(ply + 1)
        return bool(note and note.get(what) is True)

    def played(self, ply: int) -> str | None:
        """The move played after ``ply`` moves; None when the round made it up."""
        return None if self._made_up(ply, "made_up") else str(self.game.moves[ply])

    def position(self, ply: int) -> Game:
        """The round after ``ply`` moves (kept: every pupil's page is drawn from it)."""
        game = self._positions.get(ply)
        if game is None:
            game = self._positions[ply] = self.game.replay(ply)
        return game

    def ask(self, token: object, *, ply: object, strong: object = None, now: float) -> None:
        """The teacher asks "what would you play?" about the move after ``ply`` moves;
        ``strong`` is the strong computer's move there (worked out by the teacher's kernel;
        dropped if the engine finds it not legal). Asking the open question again does
        nothing."""
        self._teacher_or_refuse(token)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < len(self.game.moves):
            raise PollProblem("cl_bad_ply", n=len(self.game.moves))
        if self.closed:
            raise PollProblem("cl_closed")
        current = self.current
        if current is not None and current.ply == ply and not current.revealed:
            return
        if len(self.questions) >= MAX_QUESTIONS:
            raise PollProblem("cl_bad_ply", n=len(self.game.moves))
        position = self.position(ply)
        strong_text = None
        if isinstance(strong, str) and len(strong) <= 80:
            try:
                move = Move.parse(strong)
            except InvalidMoveError:
                move = None
            if move is not None and position.is_legal(move):
                strong_text = str(move)
        self.paused = False  # asking again ends a pause
        if current is not None and not current.revealed and not current.answers:
            self.questions.pop()  # a question nobody answered, left for another: forgotten
        self.questions.append(_Question(ply, strong_text))
        self._changed(now)

    def answer(self, token: object, move: object, *, now: float) -> None:
        """A pupil's answer to the open question (replacing their earlier one)."""
        key = self._pupil_or_refuse(token)
        question = self.current
        if question is None or self.closed or self.paused:
            raise PollProblem("cl_no_question")
        if question.revealed:
            raise PollProblem("cl_revealed")
        if not isinstance(move, str) or len(move) > 80:
            raise PollProblem("cl_bad_move")
        try:
            parsed = Move.parse(move)
        except InvalidMoveError as error:
            raise PollProblem("cl_bad_move") from error
        position = self.position(question.ply)
        hand = set(position.hand(position.to_move))
        if any(card not in hand for card in parsed.cards):
            raise PollProblem("cl_not_in_hand")  # only cards of the hand shown
        question.answers[key] = str(parsed)
        self._changed(now)

    def reveal(self, token: object, *, now: float) -> None:
        """The teacher shows the answer: each pupil's page then tells them the verdict."""
        self._teacher_or_refuse(token)
        question = self.current
        if question is None:
            raise PollProblem("cl_no_question")
        if not question.revealed:
            question.revealed = True
            self._changed(now)

    def set_names(self, token: object, on: object, *, now: float) -> None:
        self._teacher_or_refuse(token)
        if not isinstance(on, bool):
            raise PollProblem("cl_bad_request")
        self.names = on
        self._changed(now)

    def set_marks(self, token: object, on: object, *, now: float) -> None:
        """Whether the pupils' devices mark the cards that fit (the teacher's switch)."""
        self._teacher_or_refuse(token)
        if not isinstance(on, bool):
            raise PollProblem("cl_bad_request")
        if on != self.marks:
            self.marks = on
            self._views.clear()
            self._changed(now)

    def set_paused(self, token: object, on: object, *, now: float) -> None:
        """The teacher shows the moves without asking ("Fråga först" off): the pupils' pages say
        so instead of waiting in silence; the open question is not asked meanwhile."""
        self._teacher_or_refuse(token)
        if not isinstance(on, bool):
            raise PollProblem("cl_bad_request")
        if on != self.paused:
            self.paused = on
            self._changed(now)

    def close(self, token: object, *, now: float) -> None:
        self._teacher_or_refuse(token)
        self.closed = True
        self._changed(now)

    def _changed(self, now: float) -> None:
        self.touched = now
        self.version += 1

    # -- what is shown --------------------------------------------------------------------

    def counts(self) -> dict:
        """How many answered the open question (never what): for the projector."""
        question = self.current
        return {"answered": len(question.answers) if question else 0, "question": len(self.questions)}

    def verdict(self, ply: int, move: str) -> tuple[bool, dict[str, list[str]]]:
        """The engine's verdict on ``move`` after ``ply`` moves: legal, and why, in each language."""
        known = self._verdicts.get((ply, move))
        if known is None:
            verdict = self.position(ply).check(move)
            known = self._verdicts[(ply, move)] = (
                verdict.legal,
                {lang: verdict.lines(lang) for lang in LANGS},
            )
        return known

    def tally(self, lang: str, question: _Question | None = None) -> list[dict]:
        """Each move given as an answer (and the played and strong computer's moves), with
        its count, whether it is legal and the engine's explanation; the names of those who
        gave it when names are on. Most given first."""
        question = question or self.current
        if question is None:
            return []
        played = self.played(question.ply)
        counts = Counter(question.answers.values())
        moves = list(counts)
        for extra in (str(self.game.moves[question.ply]), question.strong):
            if extra is not None and extra not in moves:
                moves.append(extra)
        rows = []
        for move in sorted(moves, key=lambda m: (-counts[m], m)):
            legal, why = self.verdict(question.ply, move)
            sentences, rules = uncited(why[lang])  # the rule ids: chips beside the text
            row = {
                "move": move,
                "words": move_label(move, lang),
                "count": counts[move],
                "legal": legal,
                "played": move == played,
                "strong": move == question.strong,
                "why": " ".join(sentences),
                "rules": list(rules),
            }
            if self.names:
                row["names"] = sorted(
                    self.pupils.get(k) or "?" for k, given in question.answers.items() if given == move
                )
            rows.append(row)
        return rows

    def question_view(self, lang: str) -> dict | None:
        """What a pupil's page shows for the open question: the mover's hand as the mover
        sees it, the pile, the plays the engine allows (as in a table's frame: indexes of the
        hand), the draw and pass."""
        question = self.current
        if question is None:
            return None
        cached = self._views.get((question.ply, lang))  # (emptied when the marks are switched)
        if cached is not None:
            return cached
        position = self.position(question.ply)
        mover = position.to_move
        legal = position.legal_moves()
        rules = position.rules
        view = {
            "ply": question.ply,
            "player": self.game.player_name(mover, lang),
            "pile_svg": pile_svg(
                position, lang=lang, size=100, talon_known=not self._made_up(question.ply, "talon_unknown")
            ),
            "top": str(position.top),
            "must_draw": t("pt_must_draw_note", lang) if position.must_draw else None,
            # without the teacher's marks: no card lifted, no play listed (any card may be chosen)
            **hand_frame(hand_order(position.hand(mover)), legal if self.marks else None, lang),
            "can_draw": legal.can_draw(),
            "can_pass": legal.can_pass(),
            "lappen_rule": rules.lappen,
            "varning_rule": rules.varning,  # O9: the shared hand shows the varning toggle
            "suit_only": rules.suit_only_eights,
        }
        if len(self._views) > 64:
            self._views.clear()
        self._views[(question.ply, lang)] = view
        return view

    def pupil_frame(self, token: object, lang: str) -> dict:
        """A pupil's page: waiting, the open question (with their answer so far), or after
        reveal their verdict."""
        key = self.pupil(token)
        question = self.current
        frame: dict = {
            "type": "pupil",
            "code": self.code,
            "names": self.names,
            "name": self.pupils.get(key) if key else None,
            "closed": self.closed,
            "number": len(self.questions),
        }
        if self.closed or question is None or self.paused:
            frame["state"] = "closed" if self.closed else "paused" if self.paused else "waiting"
            return frame
        mine = question.answers.get(key) if key else None
        frame["answer"] = mine
        frame["answer_words"] = move_label(mine, lang) if mine else None
        if not question.revealed:
            frame["state"] = "question"
            frame["question"] = self.question_view(lang)
            return frame
        frame["state"] = "revealed"
        played = self.played(question.ply)
        lines = []
        if mine is None:
            lines.append(t("cl_no_answer", lang))
            frame["legal"] = None
        else:
            legal, why = self.verdict(question.ply, mine)
            frame["legal"] = legal
            lines.append(
                t("cl_verdict_legal" if legal else "cl_verdict_illegal", lang, move=_said(mine, lang))
            )
            lines.extend(why[lang])
        if played is None:
            pass  # a question about a classmate's mistake: the round's move was made up
        elif mine == played:
            lines.append(t("cl_same_played", lang))
        else:
            lines.append(t("cl_other_played", lang, move=_said(played, lang)))
        if question.strong is not None:
            if mine == question.strong:
                lines.append(t("cl_same_strong", lang))
            else:
                lines.append(t("cl_other_strong", lang, move=_said(question.strong, lang)))
        frame["played"] = played
        frame["strong"] = question.strong
        frame["lines"] = lines
        return frame

    def teacher_frame(self, lang: str, *, here: int = 0) -> dict:
        """The projector: the code, how many are here and have answered; after reveal the
        tally with the verdicts; the summary of every question asked."""
        question = self.current
        frame: dict = {
            "type": "teacher",
            "code": self.code,
            "names": self.names,
            "marks": self.marks,
            "paused": self.paused,
            "closed": self.closed,
            "here": here,
            "pupils": len(self.pupils),
            **self.counts(),
            "ply": question.ply if question else None,
            "revealed": bool(question and question.revealed),
            "summary": self.summary(),
            "csv": self.summary_csv(lang),
        }
        if question is not None and question.revealed:
            frame["tally"] = self.tally(lang)
        return frame

    def summary(self) -> list[dict]:
        """Per question revealed (and answered by someone): how many answered, the share of
        legal answers and of the move played (None, as the move, where the round made it up)."""
        rows = []
        for number, question in enumerate(self.questions, start=1):
            given = list(question.answers.values())
            if not given or not question.revealed:
                continue
            played = self.played(question.ply)
            legal = sum(1 for move in given if self.verdict(question.ply, move)[0])
            same = None if played is None else round(sum(1 for m in given if m == played) / len(given), 3)
            rows.append(
                {
                    "question": number,
                    "ply": question.ply,
                    "answers": len(given),
                    "legal": round(legal / len(given), 3),
                    "played_share": same,
                    "played": played,
                    "strong": question.strong,
                }
            )
        return rows

    def summary_csv(self, lang: str = "sv") -> str:
        """The summary as CSV (the header in ``lang``), for a spreadsheet.

        >>> from vandatta import write_record
        >>> from vandatta.ai import demo_game
        >>> poll = Poll.create(write_record(demo_game()), code="AHCK7", now=0)
        >>> poll.summary_csv("en").splitlines()[0]
        'question,move,answers,legal_share,played_share,played,strong'
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([t(f"cl_csv_{name}", lang) for name in _CSV])
        for row in self.summary():
            writer.writerow(
                [
                    row["question"],
                    row["ply"] + 1,
                    row["answers"],
                    row["legal"],
                    "" if row["played_share"] is None else row["played_share"],
                    row["played"] or "",
                    row["strong"] or "",
                ]
            )
        return out.getvalue()

    # -- the store ------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "kind": "poll",
            "code": self.code,
            "record": self.record,
            "owner": self.owner,
            "names": self.names,
            "marks": self.marks,
            "paused": self.paused,
            "pupils": self.pupils,
            "questions": [q.to_json() for q in self.questions],
            "closed": self.closed,
            "touched": self.touched,
            "version": self.version,
        }

    @classmethod
    def from_json(cls, data: dict, *, now: float) -> Poll:
        poll = cls(data["code"], data["record"], owner=data["owner"], now=data.get("touched", now))
        poll.names = bool(data.get("names"))
        poll.marks = bool(data.get("marks", True))
        poll.paused = bool(data.get("paused"))
        poll.pupils = {str(k): (None if v is None else str(v)) for k, v in data.get("pupils", {}).items()}
        for item in data.get("questions", []):
            question = _Question(int(item["ply"]), item.get("strong"))
            question.answers = {str(k): str(v) for k, v in item.get("answers", {}).items()}
            question.revealed = bool(item.get("revealed"))
            poll.questions.append(question)
        poll.closed = bool(data.get("closed"))
        poll.version = int(data.get("version", 0))
        return poll


_CSV = ("question", "move", "answers", "legal_share", "played_share", "played", "strong")
