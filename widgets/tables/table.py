"""One table of people on different devices: the seats and who holds them, the one game the
engine decides, and what each seat's page may see.

>>> table = Table.create(TableSettings.parse({"seats": ["person", "person", "expert"]}), code="AHCK7", now=0)
>>> ada = table.join(0, "Ada", now=1, token=table.owner_token)   # the maker sits at seat 0
>>> bo = table.join(1, "Bo", now=2)
>>> table.start(ada, now=3)
>>> frame = table.frame(table.seat_of(bo), lang="en")
>>> frame["status"], frame["seat"], len(frame["hand"]) >= 6, frame["seats"][2]["kind"]
('playing', 1, True, 'computer')

A seat acts only with its token; the engine decides every move and nothing changes when it
says no:

>>> table.act(ada, {"type": "move", "move": "draw"}, now=4)
Traceback (most recent call last):
...
vandatta_widgets.tables.table.TableProblem: Wait – it is Bo's turn.
>>> table.act("a guess", {"type": "move", "move": "draw"}, now=4)
Traceback (most recent call last):
...
vandatta_widgets.tables.table.TableProblem: You have no seat at this table.

(Bo, at seat 1, moves first after the dealer at seat 0; six cards each, one more should an ace
start the pile: a new table deals at random.) A frame holds the seat's own
hand and what everyone sees: no card of another hand, nor of the talon, is in it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from vandatta import IllegalMoveError, InvalidMoveError, Move, Rules, svg
from vandatta.ai import PLAYER_NAMES, Player, SeatView
from vandatta.record import write_record
from vandatta.rules import PLAYERS

from ..base.i18n import LANGS, counted, genitive, join_words, t, term
from ..base.problem import Problem
from ..controls.table import declaration_text, pile_svg
from ..play.session import NAME_LIMIT, PlaySession, Seat, SessionError, clean_name
from ..play.turn import hand_frame, hand_order, move_label
from .codes import token_hash
from .thinking import decide

__all__ = ["Table", "TableSettings", "TableProblem", "ComputerTurn", "MAX_SEATS"]

MAX_SEATS = PLAYERS[-1]  # the engine's most (R1): a table never has more
LOG_SHOWN = 12  # moves a frame carries, the newest (what the page shows: a frame stays small)
_STATUSES = ("open", "playing", "paused", "closed")


@dataclass(frozen=True)
class ComputerTurn:
    """A computer's move to work out: who decides (``player``), what the seat sees (``view``,
    all the search may use) and the table's ``version`` it is for."""

    version: int
    player: Player
    view: SeatView


class TableProblem(Problem):
    """What a visitor did that the table refuses, said in either language (a catalog key and
    its values, as the engine's verdicts do); the table is unchanged."""


@dataclass(frozen=True)
class TableSettings:
    """What the one who makes a table chooses: each seat a person or a computer of a strength,
    the rules, a round or a match to 100.

    >>> TableSettings.parse({"seats": ["person", "strong"], "rules": "v3", "match": True})
    TableSettings(seats=('person', 'strong'), rules=Rules(lappen=True), match=True)
    """

    seats: tuple[str, ...]
    rules: Rules = dataclasses.field(default_factory=Rules)
    match: bool = False

    @classmethod
    def parse(cls, data: object) -> TableSettings:
        """From what a page sends (a dict); :class:`TableProblem` names what is wrong."""
        if not isinstance(data, dict):
            raise TableProblem("tb_bad_request")
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) not in PLAYERS:  # rule R1, the engine's
            raise TableProblem("tb_bad_seats", most=MAX_SEATS)
        for kind in seats:
            if kind != "person" and kind not in PLAYER_NAMES:
                raise TableProblem("tb_bad_seats", most=MAX_SEATS)
        if "person" not in seats:
            raise TableProblem("tb_no_person")
        rules_text = data.get("rules", "standard")
        try:
            rules = Rules.parse(rules_text) if isinstance(rules_text, str) else None
        except ValueError:
            rules = None
        if rules is None:
            raise TableProblem("tb_bad_rules")
        match = data.get("match", False)
        if not isinstance(match, bool):
            raise TableProblem("tb_bad_request")
        return cls(tuple(seats), rules, match)

    def to_json(self) -> dict:
        return {"seats": list(self.seats), "rules": str(self.rules), "match": self.match}


@dataclass
class Claim:
    """A person's seat: their name, their token's hash, and whether a page of theirs is open."""

    name: str
    token: str  # the hash
    pages: int = 0  # open connections (not kept: after a restart nobody is connected yet)
    away_since: float | None = None  # when their last page went (None: here, or never came)


class Table:
    """The authoritative state of one table. Everything a page may do goes through
    :meth:`join` and :meth:`act`; everything it may see comes from :meth:`frame`."""

    def __init__(self, code: str, settings: TableSettings, *, owner: str, now: float) -> None:
        self.code = code
        self.settings = settings
        self.owner = owner  # the hash of the maker's token
        self.status = "open"
        self.created = now
        self.touched = now
        self.claims: dict[int, Claim] = {}
        self.session: PlaySession | None = None
        self.version = 0
        self.owner_token: str | None = None  # the token itself, only on the table just made

    # -- making, joining --------------------------------------------------------------------

    @classmethod
    def create(
        cls, settings: TableSettings, *, code: str, now: float, owner_token: str | None = None
    ) -> Table:
        from .codes import new_token

        token = owner_token or new_token()
        table = cls(code, settings, owner=token_hash(token), now=now)
        table.owner_token = token  # handed to the maker once, never kept
        return table

    @property
    def players(self) -> int:
        return len(self.settings.seats)

    def person_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.settings.seats) if kind == "person"]

    def free_seats(self) -> list[int]:
        return [s for s in self.person_seats() if s not in self.claims]

    def seat_of(self, token: str | None) -> int | None:
        """The seat held by ``token``, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for seat, claim in self.claims.items():
            if claim.token == digest:
                return seat
        return None

    def is_owner(self, token: str | None) -> bool:
        return token is not None and token != "" and token_hash(token) == self.owner

    def join(self, seat: object, name: object, *, now: float, token: str | None = None) -> str:
        """Take the free person's seat ``seat`` under ``name``; returns the seat's token (the
        maker may pass their own token to sit with it)."""
        from .codes import new_token

        if self.status == "closed":
            raise TableProblem("tb_closed")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.person_seats():
            raise TableProblem("tb_bad_seat")
        if seat in self.claims:
            raise TableProblem("tb_seat_taken")
        if token is not None and self.seat_of(token) is not None:
            raise TableProblem("tb_already_seated")
        if name is not None and not isinstance(name, str):
            raise TableProblem("tb_bad_name", n=NAME_LIMIT)
        clean = clean_name(name) or ""  # trimmed, one line, at most NAME_LIMIT characters
        token = token or new_token()
        self.claims[seat] = Claim(clean, token_hash(token))
        if self.session is not None:  # a seat a computer kept for them
            self.session.rename(seat, clean or None)
            self.session.cover(seat, False)
        self._changed(now)
        return token

    # -- what the seats do ------------------------------------------------------------------

    def start(self, token: str | None, *, now: float) -> None:
        """The maker starts the game; seats nobody took are played by the computer until
        someone takes them."""
        self._owner_only(token)
        if self.status != "open":
            raise TableProblem("tb_started")
        seats = [
            Seat.computer(kind) if kind != "person" else Seat.remote(self._claimed_name(s))
            for s, kind in enumerate(self.settings.seats)
        ]
        # every round from the OS's randomness: nothing seen at the table, nor a finished
        # round's record, tells another deal
        self.session = PlaySession(
            seats, rules=self.settings.rules, match=self.settings.match, deal_from_os=True
        )
        for seat in self.person_seats():
            if seat not in self.claims:
                self.session.cover(seat, True)
        self.status = "playing"
        self._changed(now)

    def act(self, token: str | None, message: object, *, now: float) -> None:
        """Do what a page asks (``{"type": "move", "move": "7♥ 7♣"}``, ``"start"``,
        ``"pause"``, ``"resume"``, ``"close"``, ``"next_round"``); :class:`TableProblem` or the
        engine's verdict when it may not, and then nothing has changed."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise TableProblem("tb_bad_request")
        kind = message["type"]
        if kind == "start":
            self.start(token, now=now)
        elif kind in ("pause", "resume", "close"):
            self._owner_only(token)
            self._set_status(kind, now)
        elif kind == "next_round":
            self._next_round(token, now)
        elif kind == "move":
            self._move(token, message.get("move"), now)
        else:
            raise TableProblem("tb_bad_request")

    def _claimed_name(self, seat: int) -> str | None:
        claim = self.claims.get(seat)
        return claim.name or None if claim is not None else None

    def _owner_only(self, token: str | None) -> None:
        if not self.is_owner(token):
            raise TableProblem("tb_owner_only")

    def _set_status(self, kind: str, now: float) -> None:
        if self.status == "closed":
            raise TableProblem("tb_closed")
        if kind == "close":
            self.status = "closed"
        elif self.status == "open":
            raise TableProblem("tb_not_started")
        else:
            self.status = "paused" if kind == "pause" else "playing"
        self._changed(now)

    def _next_round(self, token: str | None, now: float) -> None:
        seat = self.seat_of(token)
        if seat is None and not self.is_owner(token):
            raise TableProblem("tb_no_seat")
        session = self._playing()
        if not session.game.is_over:
            raise TableProblem("tb_round_on")
        if session.match is not None and session.match.is_over and not self.is_owner(token):
            raise TableProblem("tb_owner_only")
        session.next_round()
        self._changed(now)

    def _playing(self) -> PlaySession:
        if self.status == "closed":
            raise TableProblem("tb_closed")
        if self.session is None or self.status == "open":
            raise TableProblem("tb_not_started")
        if self.status == "paused":
            raise TableProblem("tb_paused")
        return self.session

    def _move(self, token: str | None, text: object, now: float) -> None:
        seat = self.seat_of(token)
        if seat is None:
            raise TableProblem("tb_no_seat")
        session = self._playing()
        if not isinstance(text, str) or len(text) > 80:
            raise TableProblem("tb_bad_move")
        try:
            move = Move.parse(text)
        except InvalidMoveError as error:
            raise TableProblem("tb_bad_move") from error
        try:
            session.play(seat, move)
        except SessionError as error:
            raise TableProblem(error.key, **error.values) from error  # the session's own words
        except IllegalMoveError:
            raise
        self._changed(now)

    # -- computers and people away ----------------------------------------------------------

    def computer_due(self) -> bool:
        """Whether a computer (or a computer keeping an empty seat) is to move now."""
        s = self.session
        return (
            self.status == "playing"
            and s is not None
            and not s.game.is_over
            and s.waiting_for() == "computer"
        )

    def computer_step(self, *, now: float) -> bool:
        """One computer move, if one is due, worked out here and now (scripts, tests)."""
        turn = self.computer_turn()
        if turn is None:
            return False
        move, notes = decide(turn.player, turn.view)
        return self.computer_moved(turn, move, notes, now=now)

    def computer_turn(self) -> ComputerTurn | None:
        """The computer to move, if one is due: its player and what its seat sees (to work the
        move out elsewhere), at this version of the table."""
        if not self.computer_due():
            return None
        assert self.session is not None
        found = self.session.computer_turn()
        if found is None:
            return None
        player, view = found
        return ComputerTurn(self.version, player, view)

    def computer_moved(self, turn: ComputerTurn, move: str, notes: dict | None, *, now: float) -> bool:
        """Make the move worked out for ``turn`` — unless the table changed since (a person
        came back to the seat, the maker paused it, the move came too late): then nothing
        happens and False is returned. The engine checks the move as any other."""
        if turn.version != self.version or not self.computer_due():
            return False
        assert self.session is not None
        self.session.play_computer(move, notes)
        self._changed(now)
        return True

    def page_opened(self, seat: int, *, now: float) -> None:
        claim = self.claims[seat]
        claim.pages += 1
        claim.away_since = None
        if self.session is not None and seat in self.session.covered:
            self.session.cover(seat, False)  # back: the computer gives the seat back
            self._changed(now)

    def page_closed(self, seat: int, *, now: float) -> None:
        claim = self.claims.get(seat)
        if claim is None:
            return
        claim.pages = max(0, claim.pages - 1)
        if claim.pages == 0:
            claim.away_since = now

    def cover_away(self, *, now: float, after: float) -> list[int]:
        """Seats whose person has been away for ``after`` seconds: a computer plays them (the
        others can go on) until their person comes back."""
        if self.session is None or self.status != "playing":
            return []
        covered = []
        for seat, claim in self.claims.items():
            away = claim.away_since
            if (
                claim.pages == 0
                and away is not None
                and now - away >= after
                and seat not in self.session.covered
            ):
                self.session.cover(seat, True)
                covered.append(seat)
        if covered:
            self._changed(now)
        return covered

    def _changed(self, now: float) -> None:
        self.version += 1
        self.touched = now

    # -- what a page sees -------------------------------------------------------------------

    def names(self, lang: str) -> list[str]:
        """Every seat's name as shown: the typed name, else "Spelare 3" / "Player 3"."""
        out = []
        for seat in range(self.players):
            claim = self.claims.get(seat)
            out.append(
                claim.name
                if claim is not None and claim.name
                else term("player", lang, n=seat + 1, capital=True)
            )
        return out

    def frame(self, seat: int | None, *, lang: str = "sv") -> dict:
        """Everything the page of ``seat`` (None: not seated) shows, as JSON-able data: the
        seat's own hand and what every seat sees — never another hand or the talon's cards
        (the table drawn face down but for the viewer; open hands only once the round is
        over, as at a real table)."""
        if lang not in LANGS:
            raise TableProblem("tb_bad_request")
        names = self.names(lang)
        session = self.session
        frame: dict = {
            "type": "state",
            "code": self.code,
            "version": self.version,
            "status": self.status,
            "seat": seat,
            "owner": False,
            "lang": lang,
            "rules": [rule for rule in self.settings.rules.ids()],
            "rules_text": self._rules_text(lang),
            "match": self.settings.match,
            "free": self.free_seats(),
            "seats": [],
        }
        covered = session.covered if session is not None else set()
        game = session.game if session is not None else None
        totals = session.totals if session is not None else None
        for s, kind in enumerate(self.settings.seats):
            claim = self.claims.get(s)
            frame["seats"].append(
                {
                    "name": names[s],
                    "whose": genitive(names[s], lang),  # "Bos", "Spelare 2:s" / "Bo's"
                    "kind": "person" if kind == "person" else "computer",
                    "strength": None if kind == "person" else kind,
                    "taken": claim is not None,
                    "here": claim is not None and claim.pages > 0,
                    "covered": s in covered,
                    "cards": game.hand_size(s) if game is not None and s < game.players else None,
                    "points": totals[s] if totals is not None else None,
                }
            )
        frame["title"] = self._title(seat, names, lang)
        if session is None:
            return frame
        frame.update(self._round_frame(session, seat, names, lang, frame["seats"]))
        return frame

    def _rules_text(self, lang: str) -> str:
        ids = self.settings.rules.ids()
        if not ids:
            return t("tb_rules_source", lang)
        from vandatta.rules import rule_title

        return t("tb_rules_with", lang, rules=", ".join(f"{rule_title(rule, lang)} ({rule})" for rule in ids))

    def _title(self, seat: int | None, names: list[str], lang: str) -> str:
        session = self.session
        if self.status == "closed":
            return t("tb_closed", lang)
        if session is None:
            waiting = [names[s] for s in self.free_seats()]
            return t("tb_waiting_for", lang, n=len(waiting)) if waiting else t("tb_all_here", lang)
        if self.status == "paused":
            return t("tb_paused", lang)
        game = session.game
        if session.match is not None and session.match.is_over:
            winners = [names[s] for s in session.match.winners]
            return "★ " + counted("match_over", len(winners), lang, players=join_words(winners, lang))
        if game.is_over:
            return (
                "★ " + t("wins_round", lang, player=names[self._match_seat(game.winner)])
                if game.winner is not None
                else t("blocked", lang)
            )
        mover = self._match_seat(game.to_move)
        if mover == seat:
            return "▶ " + t("your_turn", lang)
        return t("tb_turn_of", lang, whose=genitive(names[mover], lang))

    def _match_seat(self, round_seat: int) -> int:
        s = self.session
        assert s is not None
        return s.match.seats[round_seat] if s.match is not None else round_seat

    def _round_frame(
        self, session: PlaySession, seat: int | None, names: list[str], lang: str, frame_seats: list[dict]
    ) -> dict:
        game = session.game
        round_seats = list(session.match.seats) if session.match is not None else list(range(self.players))
        round_names = [names[s] for s in round_seats]
        viewer = round_seats.index(seat) if seat in round_seats else None
        out: dict = {
            "ply": game.ply,
            "round": session.round_number,
            "over": game.is_over,
            "match_over": session.match is not None and session.match.is_over,
            "pile_svg": pile_svg(game, lang=lang, size=100),
            "top": str(game.top),
            "declared": declaration_text(game.declaration),
            "talon": game.talon_size,
            "must_draw": t("pt_must_draw_note", lang) if game.must_draw and not game.is_over else None,
            "to_move": None if game.is_over else round_seats[game.to_move],
            "your_turn": False,
            "hand": [],
            "plays": [],
        }
        if viewer is not None:
            mine = hand_order(game.hand(viewer))
            turn = (
                self.status == "playing"
                and not game.is_over
                and game.to_move == viewer
                and seat not in session.covered
            )
            legal = game.legal_moves() if turn else None
            out.update(hand_frame(mine, legal, lang))
            out["your_turn"] = turn
            out["can_draw"] = legal is not None and legal.can_draw()
            out["can_pass"] = legal is not None and legal.can_pass()
            out["lappen_rule"] = self.settings.rules.lappen
            out["varning_rule"] = self.settings.rules.varning  # O9
            out["suit_only"] = self.settings.rules.suit_only_eights
        out["log"] = [
            {
                "ply": entry.ply,
                "who": names[entry.mover],
                "move": move_label(entry.played, lang),
                "text": " ".join(session.entry_lines(entry, lang, viewer=seat)),
            }
            for entry in session.log[-LOG_SHOWN:]
            if entry.kind == "move"
        ]
        lappen, varning = game.lappen_called, game.varning_called
        for i, match_seat in enumerate(round_seats):
            row = frame_seats[match_seat]
            row["to_move"] = not game.is_over and game.to_move == i
            row["lappen"] = bool(lappen[i])
            row["varning"] = bool(varning[i])
            row["winner"] = game.is_over and game.winner == i
            row["place"] = game.place(i) if game.rules.play_for_places else None  # rule O10
            if game.is_over:  # the hands are shown once the round is over, as at a real table
                cards = hand_order(game.hand(i))
                row["hand_svg"] = svg.hand(cards, size=64, overlap=0.5 if len(cards) > 3 else 0.0, lang=lang)
        if game.is_over:
            points = game.points()
            out["result"] = t(
                "pt_round_points", lang, points=" · ".join(f"{n} {p}" for n, p in zip(round_names, points))
            )
        return out

    def record(self, token: str | None) -> dict:
        """The current round's record (:func:`vandatta.record.write_record`: the deck order and every
        move) for a seat or the maker — only once the round is over, as it holds every card."""
        if self.seat_of(token) is None and not self.is_owner(token):
            raise TableProblem("tb_no_seat")
        if self.session is None or not self.session.game.is_over:
            raise TableProblem("tb_round_on")
        return write_record(self.session.game)

    # -- kept in the store ------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "version": 1,
            "code": self.code,
            "settings": self.settings.to_json(),
            "owner": self.owner,
            "status": self.status,
            "created": self.created,
            "touched": self.touched,
            "moves": self.version,
            "claims": {
                str(s): {"name": c.name, "token": c.token, "away_since": c.away_since}
                for s, c in self.claims.items()
            },
            "session": self.session.to_dict() if self.session is not None else None,
        }

    @classmethod
    def from_json(cls, data: dict, *, now: float) -> Table:
        settings = TableSettings.parse(data["settings"])
        table = cls(data["code"], settings, owner=data["owner"], now=data["created"])
        if data["status"] not in _STATUSES:
            raise ValueError(f"unknown table status {data['status']!r}")
        table.status = data["status"]
        table.touched = data["touched"]
        table.version = data["moves"]
        for key, c in data["claims"].items():
            # nobody is connected after a restart: each seat is away from now, so a person
            # who never comes back is covered after the usual wait, not at once
            table.claims[int(key)] = Claim(c["name"], c["token"], 0, now)
        if data["session"] is not None:
            table.session = PlaySession.from_dict(data["session"])
        return table

    def restore(self, data: dict) -> None:
        """Go back to ``data`` (what :meth:`to_json` gave: the store's copy, after a write that
        failed), in place; who has a page open now is kept, as it is not stored."""
        kept = Table.from_json(data, now=self.touched)
        for seat, claim in kept.claims.items():
            here = self.claims.get(seat)
            if here is not None and here.token == claim.token:
                claim.pages, claim.away_since = here.pages, here.away_since
        self.settings, self.owner, self.status = kept.settings, kept.owner, kept.status
        self.created, self.touched, self.version = kept.created, kept.touched, kept.version
        self.claims, self.session = kept.claims, kept.session
