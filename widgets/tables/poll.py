"""A class answering from their own devices: the teacher's "Vad skulle du spela?" on every
pupil's phone, the answers counted on the projector, the engine's verdict on reveal.

A :class:`Poll` is a second kind of room in the tables' server, with a code of the same kind.
The teacher gives it a round's record once; each question is a ply of that round, asked as
the mover saw it (the mover's hand, the pile, the legal plays: all from the engine). Pupils
answer with a move; a second answer replaces the first until the teacher reveals; then each
pupil is told whether their answer was legal (the engine's verdict) and how it compares with
the move played and the strong computer's.

>>> from vandatta.ai import demo_game
>>> poll = Poll.create(demo_game().to_record(), code="AHCK7", now=0)
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
"""

from __future__ import annotations

import csv
import io
import json
import logging
from collections import Counter

from vandatta import Game, InvalidMoveError, Move, move_words
from widgets.base.i18n import t
from widgets.controls.table import pile_svg
from widgets.play.session import clean_name
from widgets.play.turn import hand_frame, hand_order, move_label
from widgets.tables.codes import new_token, token_hash
from widgets.tables.table import TableProblem

__all__ = [
    "Poll",
    "PollProblem",
    "PollService",
    "MAX_PUPILS",
    "MAX_QUESTIONS",
    "MAX_POLLS",
    "POLLS_AT_ONCE",
    "POLL_EVERY_SECONDS",
    "POLLS_IN_USE",
]

MAX_PUPILS = 60  # a class and its visitors: a poll refuses more
MAX_QUESTIONS = 200  # a round has fewer moves than this, asked one by one
MAX_POLLS = 100  # classes open at once on one server
_log = logging.getLogger("vandatta.tables")
# Classes one visitor (address, IPv6 /64) may open: 20 at once, then one a minute, at most 20
# of theirs in use (a page open, or an answer in the last 15 minutes). A teacher opens one per
# round shown; a school's teachers share its address: four showing five rounds each fit.
POLLS_AT_ONCE = 20
POLL_EVERY_SECONDS = 60.0
POLLS_IN_USE = 20
IN_USE_MINUTES = 15.0  # a class with no page open and untouched this long makes room when full


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
        self.game = Game.from_record(record)
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
        self.on_disk: str | None = None  # what the store holds of it (kept by PollService)
        self._verdicts: dict[tuple[int, str], tuple[bool, list[str], list[str]]] = {}

    @classmethod
    def create(cls, record: object, *, code: str, now: float) -> Poll:
        """A poll for the round of ``record`` (a record dict): :class:`PollProblem` if it is
        not one the engine can replay."""
        if not isinstance(record, dict):
            raise PollProblem("cl_bad_record")
        try:
            Game.from_record(record)
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

    def verdict(self, ply: int, move: str) -> tuple[bool, list[str], list[str]]:
        """The engine's verdict on ``move`` after ``ply`` moves: legal, and why (sv, en)."""
        known = self._verdicts.get((ply, move))
        if known is None:
            verdict = self.position(ply).check(move)
            known = self._verdicts[(ply, move)] = (verdict.legal, verdict.lines("sv"), verdict.lines("en"))
        return known

    def tally(self, lang: str, question: _Question | None = None) -> list[dict]:
        """Each move given as an answer (and the played and strong computer's moves), with
        its count, whether it is legal and the engine's explanation; the names of those who
        gave it when names are on. Most given first."""
        question = question or self.current
        if question is None:
            return []
        played = str(self.game.moves[question.ply])
        counts = Counter(question.answers.values())
        moves = list(counts)
        for extra in (played, question.strong):
            if extra is not None and extra not in moves:
                moves.append(extra)
        rows = []
        for move in sorted(moves, key=lambda m: (-counts[m], m)):
            legal, sv, en = self.verdict(question.ply, move)
            row = {
                "move": move,
                "words": move_label(move, lang),
                "count": counts[move],
                "legal": legal,
                "played": move == played,
                "strong": move == question.strong,
                "why": " ".join(sv if lang == "sv" else en),
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
            "pile_svg": pile_svg(position, lang=lang, size=100),
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
        played = str(self.game.moves[question.ply])
        lines = []
        if mine is None:
            lines.append(t("cl_no_answer", lang))
            frame["legal"] = None
        else:
            legal, sv, en = self.verdict(question.ply, mine)
            frame["legal"] = legal
            lines.append(
                t("cl_verdict_legal" if legal else "cl_verdict_illegal", lang, move=_said(mine, lang))
            )
            lines.extend(sv if lang == "sv" else en)
        if mine == played:
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
        legal answers and of the move played."""
        rows = []
        for number, question in enumerate(self.questions, start=1):
            given = list(question.answers.values())
            if not given or not question.revealed:
                continue
            played = str(self.game.moves[question.ply])
            legal = sum(1 for move in given if self.verdict(question.ply, move)[0])
            rows.append(
                {
                    "question": number,
                    "ply": question.ply,
                    "answers": len(given),
                    "legal": round(legal / len(given), 3),
                    "played_share": round(sum(1 for m in given if m == played) / len(given), 3),
                    "played": played,
                    "strong": question.strong,
                }
            )
        return rows

    def summary_csv(self, lang: str = "sv") -> str:
        """The summary as CSV (the header in ``lang``), for a spreadsheet.

        >>> from vandatta.ai import demo_game
        >>> poll = Poll.create(demo_game().to_record(), code="AHCK7", now=0)
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
                    row["played_share"],
                    row["played"],
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


class PollService:
    """Every poll of one server, the pages connected to each (a page is anything with
    ``send(dict)``, as for tables), and the store (a :class:`~widgets.tables.store.TableStore`
    of kind ``"polls"``). The projector's pages get the counts at every answer; the pupils'
    pages get their own frame at every question and reveal.

    >>> from vandatta.ai import demo_game
    >>> from .service import RecordingPage
    >>> from .store import TableStore
    >>> service = PollService(TableStore(":memory:", kind="polls"))
    >>> made = service.create(demo_game().to_record())
    >>> teacher, pupil = RecordingPage(), RecordingPage()
    >>> service.connect(made["code"], made["token"], teacher, lang="sv")
    >>> service.connect(made["code"], None, pupil, lang="en")
    >>> pupil.frames[0]["type"], pupil.frames[-1]["state"]
    ('welcome', 'waiting')
    >>> service.page_act(teacher, {"type": "ask", "ply": 0})
    >>> service.page_act(pupil, {"type": "answer", "move": "draw"})
    >>> teacher.frames[-1]["answered"], pupil.frames[-1]["answer"]
    (1, 'draw')
    """

    def __init__(self, store, *, idle_hours: float = 12.0, lookups_per_minute: int = 60, clock=None) -> None:
        import time

        from widgets.tables.codes import GuessLimit, MakeLimit

        self.store = store
        self.idle_hours = idle_hours
        self.clock = clock or time.time
        self.lookups = GuessLimit(misses=lookups_per_minute, per_seconds=60.0)
        self.makers = MakeLimit(burst=POLLS_AT_ONCE, every=POLL_EVERY_SECONDS, in_use=POLLS_IN_USE)
        self._polls: dict[str, Poll] = {}
        self._pages: dict[str, list] = {}
        # a write that failed is told here (the terminal): {"event": "store_write_failed", …}
        self.on_event = lambda event: None
        self._write_failed_told = -1e9
        now = self.clock()
        loaded = store.load_all(now=now)
        self.broken: list[str] = list(store.broken)  # rows that could not be loaded: reported
        for code, data in loaded.items():
            try:
                poll = Poll.from_json(data, now=now)
            except Exception as error:  # any damage in one row: that class alone is not served
                self.broken.append(code)
                _log.warning("class %s in the store could not be loaded (%r): not served", code, error)
                continue
            poll.on_disk = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            self._polls[code] = poll
        for code in store.broken:
            _log.warning("class %s in the store could not be read: left there, not served", code)
        self.broken.sort()

    @property
    def polls(self) -> dict[str, Poll]:
        return dict(self._polls)

    def create(self, record: object, *, visitor: str = "?") -> dict:
        """A new poll for a round's record, for a visitor (their address): its code and the
        teacher's token. ``cl_too_many_yours`` past the visitor's limits (:data:`POLLS_AT_ONCE`,
        :data:`POLL_EVERY_SECONDS`, :data:`POLLS_IN_USE`), ``cl_too_many`` when the server has
        :data:`MAX_POLLS` classes in use."""
        from widgets.tables.codes import new_code, visitor_key

        self._expire()
        now = self.clock()
        key = visitor_key(visitor)
        quiet_since = now - IN_USE_MINUTES * 60

        def in_use(code: str) -> bool:
            poll = self._polls.get(code)
            return poll is not None and (bool(self._pages.get(code)) or poll.touched > quiet_since)

        if self.makers.refusal(key, now=now, in_use=in_use) is not None:
            raise PollProblem("cl_too_many_yours")
        code = new_code()
        while code in self._polls:
            code = new_code()
        poll = Poll.create(record, code=code, now=now)  # a bad record is refused before anything goes
        if len(self._polls) >= MAX_POLLS:
            # full: the class left alone longest makes room, if nobody is using it
            quiet = [(old.touched, old.code) for old in self._polls.values() if not in_use(old.code)]
            if not quiet:
                raise PollProblem("cl_too_many")
            gone = min(quiet)[1]
            del self._polls[gone]
            self._pages.pop(gone, None)
            self.store.delete(gone)
        self._polls[code] = poll
        self._save(poll)
        self.makers.made(key, code, now=now)
        self.lookups.learn(key, code)
        return {"code": code, "token": poll.owner_token}

    async def find(self, text: object, *, visitor: str) -> Poll:
        """The poll of a typed code; after too many wrong codes from one visitor in a minute its
        lookups of codes it has not made or found wait their turn (as for tables: a right code
        is slowed, never refused)."""
        import asyncio
        import time

        from widgets.tables.codes import CodeError, parse_code, visitor_key

        key = visitor_key(visitor)
        try:
            code = parse_code(text)
        except CodeError as error:
            self.lookups.missed(key, now=time.monotonic())
            raise PollProblem("cl_bad_code") from error
        if not self.lookups.knows(key, code):
            wait = self.lookups.wait(key, now=time.monotonic())
            if wait is None:
                raise PollProblem("cl_slow_down")
            if wait > 0:
                await asyncio.sleep(wait)
        poll = self._polls.get(code)
        if poll is None:
            if not self.lookups.knows(key, code):
                self.lookups.missed(key, now=time.monotonic())
            raise PollProblem("cl_no_class", code=code)
        self.lookups.learn(key, poll.code)  # the class's own string: no copy kept per visitor
        return poll

    # -- pages ----------------------------------------------------------------------------

    def connect(self, code: str, token: object, page, *, lang: str = "sv") -> None:
        """Open ``page`` at poll ``code``: the teacher's token makes it the projector; a
        pupil's known token brings back their answers; otherwise the page is a new pupil and
        is sent its token first (``{"type": "welcome", "token": …}``)."""
        poll = self._polls.get(code)
        if poll is None:
            raise PollProblem("cl_no_class", code=code)
        page.code, page.lang = code, lang
        if poll.is_teacher(token):
            page.role, page.token = "teacher", token
        else:
            page.role = "pupil"
            if poll.pupil(token) is None:
                token = poll.add_pupil(now=self.clock())
                self._save(poll)
                page.send({"type": "welcome", "token": token})
            page.token = token
        self._pages.setdefault(code, []).append(page)
        self._send(poll, page)
        self._tell_teachers(poll)

    def disconnect(self, page) -> None:
        pages = self._pages.get(getattr(page, "code", None) or "", [])
        if page in pages:
            pages.remove(page)
            poll = self._polls.get(page.code)
            if poll is not None:
                self._tell_teachers(poll)

    def set_view(self, page, *, lang: str) -> None:
        page.lang = lang
        poll = self._polls.get(page.code or "")
        if poll is not None:
            self._send(poll, page)

    def page_act(self, page, message: object) -> None:
        """A page's message; a refusal goes to that page alone, in its language, and changes
        nothing."""
        poll = self._polls.get(getattr(page, "code", None) or "")
        try:
            if poll is None:
                raise PollProblem("cl_no_class", code=getattr(page, "code", ""))
            if not isinstance(message, dict):
                raise PollProblem("cl_bad_request")
            self._act(poll, page, message)
        except PollProblem as problem:
            page.send({"type": "error", "key": problem.key, "text": problem.text(page.lang)})

    def _act(self, poll: Poll, page, message: dict) -> None:
        kind = message.get("type")
        now = self.clock()
        token = page.token
        if kind == "answer" and page.role == "pupil":
            poll.answer(token, message.get("move"), now=now)
            self._save(poll)
            self._send(poll, page)
            self._tell_teachers(poll)
        elif kind == "name" and page.role == "pupil":
            poll.set_name(token, message.get("name"), now=now)
            self._save(poll)
            self._send(poll, page)
            self._tell_teachers(poll)
        elif kind == "ask":
            before = poll.version
            poll.ask(token, ply=message.get("ply"), strong=message.get("strong"), now=now)
            if poll.version != before:
                self._changed(poll)
        elif kind == "reveal":
            before = poll.version
            poll.reveal(token, now=now)
            if poll.version != before:
                self._changed(poll)
        elif kind == "names":
            poll.set_names(token, message.get("on"), now=now)
            self._changed(poll)
        elif kind in ("marks", "pause"):
            before = poll.version
            (poll.set_marks if kind == "marks" else poll.set_paused)(token, message.get("on"), now=now)
            if poll.version != before:
                self._changed(poll)
        elif kind == "close":
            poll.close(token, now=now)
            self._changed(poll)
        else:
            raise PollProblem(
                "cl_not_teacher"
                if kind in ("ask", "reveal", "names", "marks", "pause", "close")
                else "cl_bad_request"
            )

    def _changed(self, poll: Poll) -> None:
        self._save(poll)
        for page in list(self._pages.get(poll.code, [])):
            self._send(poll, page)

    def _tell_teachers(self, poll: Poll) -> None:
        for page in list(self._pages.get(poll.code, [])):
            if page.role == "teacher":
                self._send(poll, page)

    def _send(self, poll: Poll, page) -> None:
        if page.role == "teacher":
            here = sum(1 for p in self._pages.get(poll.code, []) if p.role == "pupil")
            frame = poll.teacher_frame(page.lang, here=here)
        else:
            frame = poll.pupil_frame(page.token, page.lang)
        try:
            page.send(frame)
        except Exception:  # a page gone mid-send is dropped; the class goes on
            pages = self._pages.get(poll.code, [])
            if page in pages:
                pages.remove(page)

    def _save(self, poll: Poll) -> None:
        """Write the class; if the store cannot, the class goes back to what the store holds
        (a new one is gone) and :class:`PollProblem` ``tb_not_saved`` is raised, before any
        page is told: memory never runs ahead of the file."""
        from widgets.tables.store import StoreError

        try:
            expires = poll.touched + self.idle_hours * 3600
            poll.on_disk = self.store.save(poll.code, poll.to_json(), expires=expires)
        except StoreError as error:
            if poll.on_disk is None:  # a new class: it was never there
                self._polls.pop(poll.code, None)
            else:
                kept = Poll.from_json(json.loads(poll.on_disk), now=poll.touched)
                kept.on_disk = poll.on_disk
                self._polls[poll.code] = kept
            self._tell_write_failed(error)
            raise PollProblem("tb_not_saved") from error

    def _tell_write_failed(self, error: Exception) -> None:
        import time

        now = time.monotonic()
        if now - self._write_failed_told < 60:  # once a minute: a stuck disk fails every answer
            return
        self._write_failed_told = now
        _log.warning("the classes could not be saved, the change was refused: %s", error)
        self.on_event({"event": "store_write_failed", "kind": "polls"})

    def _expire(self) -> None:
        now = self.clock()
        for code, poll in list(self._polls.items()):
            if poll.touched + self.idle_hours * 3600 <= now:
                del self._polls[code]
                self._pages.pop(code, None)
                self.store.delete(code)
