"""What a play table shows on one device, without widgets: who holds the tablet, what the
feedback area says, and every panel as HTML in either language.

>>> import vandatta as v
>>> from vandatta_widgets.play.session import PlaySession, Seat
>>> s = PlaySession([Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")], seed=4)
>>> p = PlayPresenter(s)
>>> p.follow_turns(), p.viewer, p.screen_text("en")          # Bo sits after the dealer (R3)
(True, None, 'Hand the tablet to Bo – tap when ready')
>>> p.ready(), p.viewer, p.person_to_move()                   # Bo taps: his hand shows
(True, 1, True)
>>> 'data-turn="human"' in p.status_html("en")
True

A refused move is said from the engine's own verdict, in the language asked for:

>>> g = v.Game.from_position(hands=["7♥ K♠", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠")
>>> p = PlayPresenter(PlaySession([Seat.person(), Seat.computer("beginner")], game=g))
>>> p.play(v.Move.parse("K♠"))                                 # refused: nothing changes
False
>>> print(p.feedback_text("en"))
Not allowed: K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4).

The play table (:class:`~vandatta_widgets.play.play_table.PlayTable`) puts these texts into its widgets
and passes on the clicks; the presenter keeps the state that belongs to one device (whose hand
is shown, the screen between two people, the message shown, the hint) and asks the session —
and through it the engine — for everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING

from vandatta import Card, IllegalMoveError, InvalidMoveError, Move, Rules, svg
from vandatta.explain import Reason
from vandatta.rules import rule_title

from ..base.chips import chip_html, chip_row_html, uncited, without_citations
from ..base.feedback import mark, rule_chips_html
from ..base.i18n import LocalText, count, counted, genitive, join_words, t, term
from .session import LogEntry, NotYourTurn, PlaySession, RoundOver, SessionError
from .turn import hand_order, move_label, playable

if TYPE_CHECKING:
    from vandatta import Game
    from vandatta.ai import Hint

__all__ = [
    "PlayPresenter",
    "FEEDBACK_KINDS",
    "placings",
    "hint_sentence",
    "hint_list_html",
    "notation_html",
    "lines_html",
    "rule_value_text",
    "rules_badges_html",
]

FEEDBACK_KINDS = ("legal", "illegal", "info", "error")  # the feedback area's looks (style.css)
_LOG_LENGTH = 60  # entries the move log shows (the newest)


# -- pieces of text -------------------------------------------------------------------------------


def hint_list_html(result: Hint, lang: str, limit: int = 3, *, deck: str = "classic") -> str:
    """The top candidates of a :class:`vandatta.ai.Hint` (``candidates``, each with
    ``move``, ``win`` and ``reason(lang)``) with their chances and reasons in ``lang``."""
    rows = []
    for c in list(getattr(result, "candidates", ()))[:limit]:
        move, chance, reason = c.move, c.win, c.reason(lang)
        shown = svg.move_html(move, size=44, lang=lang, deck=deck)
        pct = f'<span class="vd-chance">{round(100 * chance)} % {escape(t("win_chance", lang))}</span>'
        rows.append(
            f'<li class="vd-hint-row">{shown} {pct}<div class="vd-hint-why">{escape(reason)}</div></li>'
        )
    return f'<ol class="vd-hint-list">{"".join(rows)}</ol>'


def placings(points: Sequence[int]) -> list[int]:
    """Each seat's place at the end of a round: fewest points is best, equal points share a
    place.

    >>> placings([12, 0, 35, 12])
    [2, 1, 4, 2]
    """
    return [1 + sum(other < mine for other in points) for mine in points]


def _first_clause(reason: str) -> str:
    """The first part of the hint's reason, as a sentence of its own ("Sparar åttan till senare.")."""
    clause = reason.split(";")[0].strip().rstrip(".")
    return clause[:1].upper() + clause[1:] + "." if clause else ""


def hint_sentence(move: Move, reason: str, lang: str) -> str:
    """The hint in a child's words: what to do, and the first reason why.

    >>> hint_sentence(Move.parse("7♥"), "Keeps your eight for later; leaves hearts on top.", "en")
    'Hint: lay 7♥. Keeps your eight for later.'
    >>> hint_sentence(Move.parse("draw"), "", "sv")
    'Tips: dra ett kort.'
    """
    if move.is_draw:
        head = t("cp_hint_draw", lang)
    elif move.is_pass:
        head = t("cp_hint_pass", lang)
    else:
        head = t("cp_hint_play", lang, cards=move_label(move, lang))
    why = _first_clause(without_citations(reason)[0])  # a rule id is a chip, not part of a sentence
    return f"{head} {why}".strip()


def _card_html(text: str, *, red: bool) -> str:
    # the colours are the palette's (style.css: .vd-red, .vd-black)
    return f'<b class="{"vd-red" if red else "vd-black"}">{escape(text)}</b>'


def notation_html(move: Move, lang: str) -> str:
    """A move in notation with red ♥ ♦ — light enough for a long move log.

    >>> notation_html(Move.parse("8♣=♥"), "en")
    '<b class="vd-black">8♣</b>=<b class="vd-red">♥</b>'
    """
    if move.is_draw:
        return f"<b>{escape(t('pt_log_draw', lang))}</b>"
    if move.is_pass:
        text = f"<b>{escape(t('pt_log_pass', lang))}</b>"
    else:
        spans = [_card_html(str(c), red=c.suit.is_red) for c in move.cards]
        if move.declared_suit is not None:
            rank = "" if move.declared_rank is None else move.declared_rank.symbol
            declared = _card_html(rank + move.declared_suit.symbol, red=move.declared_suit.is_red)
            spans[-1] += "=" + declared
        text = " ".join(spans)
    if move.varning:
        text += f' <span class="vd-log-varning">{escape(t("pt_varning_tag", lang))}</span>'
    if move.lappen:
        text += f' <span class="vd-log-lappen">{escape(t("pt_lappen_tag", lang))}</span>'
    return text


def lines_html(lines: Sequence[str], *, lang: str | None = None) -> str:
    """Short sentences, one per line, for a child to read one at a time. With ``lang`` the
    engine's rule ids leave the sentences and follow them as chips to tap (issue 43).

    >>> print(lines_html(["Same rank (R4)."], lang="en").split("<details")[0])
    <p class="vd-lines">Same rank.</p><div class="vd-chips" lang="en">
    """
    chips = ""
    if lang is not None:
        lines, rules = uncited(lines)
        chips = chip_row_html(rules, lang)
    if len(lines) == 1:
        return f'<p class="vd-lines">{escape(lines[0])}</p>{chips}'
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="vd-lines">{items}</ul>{chips}'


# The house rules that take a value (not simply on): rule id -> the switch of vandatta.Rules.
_VALUED_RULES = {"O4": "cards_dealt", "O6": "lappen_penalty", "O8": "drawing"}


def rule_value_text(rules: Rules, rule_id: str, lang: str) -> str:
    """The value of a house rule that takes one, in words ("7", "2 kort", "dra ett kort"),
    or ``""`` for a rule that is simply on or off, or at its default.

    >>> rule_value_text(Rules.parse("o4=7,o8=one"), "O4", "sv"), rule_value_text(Rules.parse("o8=one"), "O8", "en")
    ('7', 'draw one card')
    >>> rule_value_text(Rules.parse("o5"), "O5", "sv"), rule_value_text(Rules(), "O4", "sv")
    ('', '')
    """
    name = _VALUED_RULES.get(rule_id)
    value = rules.to_dict().get(name) if name is not None else None
    if value is None:  # a switch without a value, or a house rule at its default
        return ""
    if rule_id == "O6":
        return count("cards", int(value), lang, digits=True)
    if rule_id == "O8":
        return t(f"hr_badge_o8_{value}", lang)
    return str(value)


def rules_badges_html(rules: Rules, lang: str) -> str:
    """The rules in force as badges: "Grundreglerna", or one badge per rule that is on
    ("V3 · Lappen"; a house rule with its value: "O4 · Antal kort i given: 7"), each with its
    title for screen readers and a tooltip."""
    ids = rules.ids()
    if ids:
        words = {}
        for rid in ids:
            value = rule_value_text(rules, rid, lang)
            words[rid] = f"{rule_title(rid, lang)}: {value}" if value else rule_title(rid, lang)
        badges = "".join(
            f'<span class="vd-rule-badge" data-rule="{escape(rid)}" title="{escape(words[rid])}">'
            f"<b>{escape(rid)}</b> · {escape(words[rid])}</span>"
            for rid in ids
        )
    else:
        badges = f'<span class="vd-rule-badge" data-rule="">{escape(t("rules_basic", lang))}</span>'
    return (
        f'<div class="vd-rules" data-rules="{escape(",".join(ids))}">'
        f'<span class="vd-rules-label">{escape(t("rules_in_force", lang))}</span> {badges}</div>'
    )


# -- the presenter ----------------------------------------------------------------------------------


class PlayPresenter:
    """The state of one device at a :class:`~vandatta_widgets.play.session.PlaySession` and what it
    shows, as HTML and plain text in either language.

    ``viewer`` is the seat whose hand is shown (``None``: nobody's — only watching, or the
    tablet is being handed on); ``screen_for`` the person the tablet is handed to;
    ``people`` the seats of the people at this device. ``waits_for_continue`` says whether
    the computers move only on "Continue" (the table's pace is "wait").
    """

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.people = [s for s, seat in enumerate(session.seats) if seat.kind == "person"]
        self.viewer: int | None = self.people[0] if len(self.people) == 1 else None
        self.screen_for: int | None = None
        self.waits_for_continue = True
        # what the feedback area says, as functions of the language (the switch redraws it)
        self.feedback: dict | None = None
        self.turn: dict | None = None  # the others' moves being shown: {"seat", "entries"}
        self.hint: tuple[int, Hint] | None = None  # (ply, result)
        self.hint_note: Callable[[str], str] | None = None
        self.show_chances = False  # win chances in per cent: for older players and the teacher
        self.deck = "classic"  # the cards' colours (vandatta.svg.DECKS)

    # -- who holds the tablet -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def human(self) -> int | None:
        """The seat of the person whose hand is shown (the one person, when one plays)."""
        return self.viewer if len(self.people) != 1 else self.people[0]

    @property
    def several_people(self) -> bool:
        return len(self.people) > 1

    def round_seat_shown(self) -> int | None:
        """The seat in the current round of the hand shown (``None``: none, or out of it)."""
        return None if self.viewer is None else self.session.round_seat(self.viewer)

    def person_to_move(self) -> bool:
        """Whether the round is on and the person whose hand is shown is to move."""
        s = self.session
        return self.viewer is not None and s.to_move == self.viewer and s.waiting_for() == "person"

    def follow_turns(self) -> bool:
        """With several people at the device the screen goes up whenever a person other than
        the one shown is to move. Returns whether the viewer changed."""
        if not self.several_people:
            return False
        s = self.session
        to_move = s.to_move
        if to_move in self.people and s.waiting_for() == "person" and to_move != self.viewer:
            if self.screen_for == to_move:
                return False
            self.viewer, self.screen_for = None, to_move
            return True
        return False

    def ready(self) -> bool:
        """The next person has the tablet: show their hand. Returns whether a screen was up."""
        if self.screen_for is None:
            return False
        self.viewer, self.screen_for = self.screen_for, None
        self.feedback = None
        return True

    def new_round(self) -> None:
        """Forget what was shown about the last round; the screen goes up for the first person."""
        if self.several_people:
            self.viewer = self.screen_for = None
        self.follow_turns()
        self.feedback = self.turn = self.hint = self.hint_note = None

    def saw(self, entry: LogEntry | None) -> None:
        """A move was made (``entry``) or the session changed otherwise: follow the turns and
        collect the others' moves to show them together."""
        self.follow_turns()
        if entry is None:
            return
        if entry.seat == self.viewer:
            self.turn = None
        else:
            if self.turn is None or self.turn["seat"] != entry.seat:
                self.turn = {"seat": entry.seat, "entries": []}
            self.turn["entries"].append(entry)
        self.feedback = self.hint = self.hint_note = None

    # -- names and the hand ------------------------------------------------------------------

    def player_name(self, match_seat: int, lang: str) -> str:
        return self.session.names(lang)[match_seat]

    def role(self, match_seat: int, lang: str) -> str:
        seat = self.session.seats[match_seat]
        if match_seat == self.viewer:
            return t("pt_role_you", lang)
        if seat.kind != "computer" or seat.strength is None:  # a computer has a strength
            return t("ps_role_person", lang)
        return t("pt_role_computer", lang, kind=term("kind_short." + seat.strength, lang))

    def totals(self) -> list[int | None]:
        """Points so far of the current round's seats (the match's, or this table's rounds')."""
        totals = self.session.totals
        return [totals[s] for s in self.session.round_seats]

    def hand_cards(self) -> list[Card]:
        """The hand shown, sorted by suit and rank (empty when none is)."""
        seat = self.round_seat_shown()
        if seat is None:
            return []
        return hand_order(self.game.hand(seat))

    def legal_indices(self, cards: Sequence[Card], selected: Sequence[int]) -> list[int]:
        """Positions in ``cards`` to highlight (:func:`vandatta_widgets.play.turn.playable`): none
        unless the person shown is to move."""
        return playable(self.game.legal_moves() if self.person_to_move() else None, cards, selected)

    def mine(self) -> LogEntry | None:
        """The last move of the person whose hand is shown, this round."""
        if self.viewer is None:
            return None
        return next((e for e in reversed(self.session.log) if e.seat == self.viewer), None)

    # -- the person's moves ---------------------------------------------------------------------

    def say(
        self,
        kind: str,
        body: Callable[[str], list[str] | str],
        *,
        head: Callable[[str], str] | None = None,
        move: Move | None = None,
    ) -> None:
        """Put a message in the feedback area, kept as functions of the language."""
        if kind not in FEEDBACK_KINDS:
            raise ValueError(f"kind must be one of {', '.join(FEEDBACK_KINDS)}, not {kind!r}")
        self.feedback = {"kind": kind, "body": body, "head": head, "move": move}

    def play(self, move: Move) -> bool:
        """Send the shown person's move to the session. A refused one changes nothing and is
        said in the feedback area in the session's or the engine's own words; returns whether
        the move was made."""
        s = self.session
        try:
            if self.viewer is None:  # nobody's hand is shown: the buttons speak for nobody
                to_move = s.to_move
                if s.is_over or to_move is None:
                    raise RoundOver()
                raise NotYourTurn(whose=LocalText.of(lambda lang: genitive(s.names(lang)[to_move], lang)))
            s.play(self.viewer, move)
        except SessionError as error:
            self.say("info", error.text)
        except IllegalMoveError as error:
            bad = error.verdict
            self._refused(move, lambda lang: s.refusal_lines(bad, lang))
        except InvalidMoveError as error:
            text = str(error)
            self._refused(None, lambda lang: [text])
        else:
            return True
        return False

    def _refused(self, move: Move | None, body: Callable[[str], list[str]]) -> None:
        self.say("illegal", body, head=lambda lang: t("pt_illegal_word", lang), move=move)

    # -- what the feedback area says ----------------------------------------------------------

    def feedback_parts(self, lang: str) -> tuple[str, str | None, list[tuple[Move | None, list[str]]]] | None:
        """What the feedback area shows: (kind, heading, [(move or None, lines)])."""
        fb = self.feedback
        if fb is not None:
            body = fb["body"](lang)
            lines = [body] if isinstance(body, str) else list(body)
            head = fb["head"](lang) if fb["head"] is not None else None
            return fb["kind"], head, [(fb["move"], lines)]
        s = self.session
        if self.turn is not None:
            seat = self.turn["seat"]
            rows = [(e.move, s.entry_lines(e, lang, viewer=self.viewer)) for e in self.turn["entries"]]
            return "legal", t("pt_whose_move", lang, whose=genitive(s.names(lang)[seat], lang)), rows
        if s.waiting_for() == "computer" and self.waits_for_continue:
            names = s.round_names(lang)
            return "info", None, [(None, [t("pt_press_continue", lang, player=names[self.game.to_move])])]
        return None

    def feedback_html(self, lang: str) -> str:
        parts = self.feedback_parts(lang)
        if parts is None:
            return ""
        kind, head, rows = parts
        html = []
        if head is not None:
            html.append(f'<div class="vd-feedback-head">{mark(kind)} {escape(head)}</div>')
        for move, lines in rows:
            if move is not None:
                html.append(
                    f'<div class="vd-move-shown">{svg.move_html(move, size=56, lang=lang, deck=self.deck)}</div>'
                )
            html.append(f'<div class="vd-why">{lines_html(lines, lang=lang)}</div>')
        return (
            f'<div class="vd-feedback vd-{kind}" data-kind="{kind}" role="status" aria-live="polite">'
            f"{''.join(html)}</div>"
        )

    def feedback_text(self, lang: str) -> str:
        """The feedback area as plain text."""
        parts = self.feedback_parts(lang)
        if parts is None:
            return ""
        _, head, rows = parts
        body = " ".join(line for _, lines in rows for line in lines)
        return f"{head}: {body}" if head is not None else body

    # -- the panels -----------------------------------------------------------------------------

    def screen_text(self, lang: str) -> str | None:
        """What the screen says ("Hand the tablet to Bo – tap when ready"), or ``None``."""
        if self.screen_for is None:
            return None
        return t("ps_hand_to", lang, name=self.player_name(self.screen_for, lang))

    def screen_html(self, lang: str) -> str:
        if self.screen_for is None:
            return ""
        return (
            f'<div class="vd-screen-box" role="status" aria-live="polite">'
            f'<div class="vd-screen-text">{escape(self.screen_text(lang) or "")}</div>'
            f'<div class="vd-screen-note">{escape(t("ps_screen_note", lang))}</div></div>'
        )

    def last_move_html(self, lang: str) -> str:
        entry = self.mine()
        title = f'<div class="vd-last-title">{escape(t("pt_last_move", lang))}</div>'
        if entry is None:
            note = t("pt_last_move_none", lang)
            return (
                f'<div class="vd-last" data-ply="" aria-live="polite">{title}'
                f'<div class="vd-why">{escape(note)}</div></div>'
            )
        lines = self.session.entry_lines(entry, lang, viewer=self.viewer)
        return (
            f'<div class="vd-last" data-ply="{entry.ply}" aria-live="polite">{title}'
            f'<div class="vd-move-shown">{svg.move_html(entry.played, size=56, lang=lang, deck=self.deck)}</div>'
            f'<div class="vd-why">{lines_html(lines, lang=lang)}</div></div>'
        )

    def last_move_text(self, lang: str) -> str:
        """The "your last move" panel as plain text ("" before the person's first move)."""
        entry = self.mine()
        if entry is None:
            return ""
        return f"{t('pt_last_move', lang)}: {self.session.entry_text(entry, lang, viewer=self.viewer)}"

    def round_end_lines(self, lang: str) -> tuple[str, list[str]]:
        """The end of a round, said to the child: the headline ("Du kom tvåa!" — to each person
        at the device by name when several play), then that fewest points is best and everyone's
        points from the best."""
        g, s = self.game, self.session
        names = s.round_names(lang)
        points = g.points()
        places = placings(points)
        seats = s.round_seats
        people = [i for i, ms in enumerate(seats) if ms in self.people]
        heads = []
        if g.winner is None:
            heads.append(t("blocked", lang))
        if len(people) == 1:
            place = places[people[0]]
            heads.append(
                t("cp_you_won", lang)
                if place == 1
                else t("cp_you_came", lang, place=t(f"cp_place_{place}", lang))
            )
        elif people:
            for i in sorted(people, key=lambda i: places[i]):
                place = places[i]
                if place == 1:
                    heads.append(t("cp_name_won", lang, name=names[i]))
                else:
                    heads.append(t("cp_name_came", lang, name=names[i], place=t(f"cp_place_{place}", lang)))
        elif g.winner is not None:
            heads.append("★ " + t("wins_round", lang, player=names[g.winner]))
        you = people[0] if len(people) == 1 else None
        order = sorted(range(len(points)), key=lambda i: (points[i], i))
        shown = " · ".join(
            f"{places[i]}. {t('cp_you', lang) if i == you else names[i]} {points[i]}" for i in order
        )
        return " ".join(heads), [t("cp_fewest_best", lang), t("cp_points_list", lang, points=shown)]

    def status_html(self, lang: str) -> str:
        g, s = self.game, self.session
        names = s.round_names(lang)
        sub = ""
        if s.match is not None and s.match.is_over:
            winners = [self.player_name(seat, lang) for seat in s.match.winners]
            over = counted("match_over", len(winners), lang, players=join_words(winners, lang))
            text, turn = "★ " + over, "over"
        elif g.is_over:
            text, lines = self.round_end_lines(lang)
            again = t("pt_press_new_round", lang) if s.match is not None else t("cp_press_play_again", lang)
            sub = " ".join([*lines, again])
            turn = "over"
        elif self.screen_for is not None:
            text, turn = self.screen_text(lang) or "", "screen"
        elif self.person_to_move() and self.viewer is not None:
            if self.several_people:
                text = t("ps_turn_of_person", lang, whose=genitive(self.player_name(self.viewer, lang), lang))
            else:
                text = "▶ " + t("your_turn", lang) + "."
            sub, turn = t("select_hint", lang), "human"
        else:
            whose = genitive(names[g.to_move], lang)
            waits_for_clock = not self.waits_for_continue and s.waiting_for() == "computer"
            key = "waiting" if waits_for_clock else "pt_turn_of"
            text, turn = t(key, lang, player=names[g.to_move], whose=whose), "computer"
            if self.human is not None and self.round_seat_shown() is None and not self.several_people:
                text = t("pt_human_out", lang) + " " + text
        strong = " vd-status-strong" if turn in ("human", "over", "screen") else ""
        extra = f' <span class="vd-status-sub">{escape(sub)}</span>' if sub else ""
        return (
            f'<div class="vd-status" data-turn="{turn}" data-ply="{g.ply}">'
            f'<span class="vd-status-main{strong}">{escape(text)}</span>{extra}</div>'
        )

    def announcement(self, lang: str) -> str:
        """What a screen reader is told after every change: the last move in words, then whose
        turn it is now (or how the round ended)."""
        s, g = self.session, self.game
        parts = []
        last = s.log[-1] if s.log else None
        if last is not None and last.kind == "move":
            name = t("cp_you", lang) if last.seat == self.viewer else s.names(lang)[last.mover]
            parts.append(t("cp_announce_move", lang, name=name, move=move_label(last.played, lang)))
        if g.is_over:
            head, lines = self.round_end_lines(lang)
            parts.extend([head, *lines])
        elif self.screen_for is not None:
            parts.append(self.screen_text(lang) or "")
        elif self.person_to_move() and self.viewer is not None:
            if self.several_people:
                parts.append(t("pt_turn_of", lang, whose=genitive(self.player_name(self.viewer, lang), lang)))
            else:
                parts.append(t("cp_announce_your_turn", lang))
        else:
            parts.append(t("pt_turn_of", lang, whose=genitive(s.round_names(lang)[g.to_move], lang)))
        return " ".join(p for p in parts if p)

    def unusable(self, lang: str) -> dict[str, str]:
        """Why a button cannot be used now, by the button ("lay", "draw", "pass"; "all"): not
        the person's turn, or — asked of the engine — no card that fits, no draw (or pass)
        allowed now. Empty while the round is over or nobody's hand is shown."""
        s, g = self.session, self.game
        if g.is_over or self.viewer is None or self.screen_for is not None:
            return {}
        if not self.person_to_move():
            whose = genitive(s.round_names(lang)[g.to_move], lang)
            return {"all": t("cp_wait_turn", lang, whose=whose)}
        legal = g.legal_moves()
        out = {}
        if not legal.plays():  # the engine lists no play: nothing in the hand fits
            out["lay"] = t("cp_no_card_fits", lang)
        for name, move, allowed in (
            ("draw", Move.draw(), legal.can_draw()),
            ("pass", Move.pass_(), legal.can_pass()),
        ):
            if not allowed:
                out[name] = self._why_not(move, lang)
        return out

    def unusable_rules(self) -> tuple[str, ...]:
        """The rule ids behind :meth:`unusable` (shown as chips beside the reasons)."""
        g = self.game
        if g.is_over or not self.person_to_move():
            return ()
        legal = g.legal_moves()
        rules: list[str] = [] if legal.plays() else ["R4"]  # R4: what fits
        for move, allowed in ((Move.draw(), legal.can_draw()), (Move.pass_(), legal.can_pass())):
            if not allowed:
                rules.extend(r for r in g.check(move).rules if r not in rules)
        return tuple(rules)

    def _why_not(self, move: Move, lang: str) -> str:
        """The engine's reason a move is refused, without its rule ids (they become chips)."""
        verdict = self.game.check(move)
        phrases = [Reason(r.key, r.params, ()).text(lang) for r in verdict.reasons]
        return "; ".join(phrases)

    def unusable_lines(self, lang: str) -> list[str]:
        """:meth:`unusable` as sentences: "”Dra ett kort” går inte nu. Du har redan dragit tre
        kort: lägg ett kort eller stå över." """
        words = {"lay": t("play_cards", lang), "draw": t("draw", lang), "pass": t("pass", lang)}
        return [
            why
            if name == "all"
            else t("cp_button_why", lang, button=words[name], why=why[:1].upper() + why[1:])
            for name, why in self.unusable(lang).items()
        ]

    def unusable_html(self, lang: str) -> str:
        """The reasons of :meth:`unusable` as short lines beside the buttons (a tooltip is not
        seen on a tablet), with the rules as chips."""
        reasons = self.unusable(lang)
        if not reasons:
            return ""
        lines = self.unusable_lines(lang)
        chips = rule_chips_html(self.unusable_rules(), lang)
        chips = f' <span class="vd-why-chips">{chips}</span>' if chips else ""
        keys = " ".join(reasons)
        return (
            f'<div class="vd-button-why" data-buttons="{escape(keys)}">'
            f"{''.join(f'<div>{escape(line)}</div>' for line in lines)}{chips}</div>"
        )

    def hand_label_html(self, lang: str) -> str:
        seat, viewer = self.round_seat_shown(), self.viewer
        if seat is None or viewer is None:  # (a seat is shown only with a viewer)
            if self.human is None or self.screen_for is not None or self.several_people:
                return ""
            return f'<div class="vd-hand-out">{escape(t("pt_human_out", lang))}</div>'
        g = self.game
        moving = self.person_to_move()
        n = g.hand_size(seat)
        facts = [
            self.player_name(viewer, lang) + f" ({t('pt_role_you', lang)})",
            count("cards", n, lang, digits=True),
        ]
        total = self.totals()[seat]
        if total is not None:
            facts.append(t("pt_points_n", lang, n=total))
        tags = ""
        if g.varning_called[seat]:
            tags += f' <span class="vd-hand-tag vd-hand-varning">{escape(t("pt_varning_tag", lang))}</span>'
        if g.lappen_called[seat]:
            tags += f' <span class="vd-hand-tag vd-hand-lappen">{escape(t("pt_lappen_tag", lang))}</span>'
        if g.is_over and g.winner == seat:
            tags += f' <span class="vd-hand-tag vd-hand-winner">{escape(t("pt_winner_tag", lang))}</span>'
        head = ("▶ " if moving else "") + t("pt_your_hand", lang)
        return (
            f'<div class="vd-hand-label{" vd-to-move" if moving else ""}">'
            f"<b>{escape(head)}</b> · {escape(' · '.join(facts))}{tags}</div>"
        )

    def entry_html(self, entry: LogEntry, lang: str) -> str:
        s = self.session
        if entry.kind == "start":
            return (
                f'<div class="vd-log-entry vd-log-start"><b>{escape(t("round", lang))} {entry.round}</b> – '
                f"{escape(s.start_text(entry, lang))}</div>"
            )
        cls = "vd-log-entry vd-mine" if entry.seat == self.viewer else "vd-log-entry"
        lines, rules = uncited(s.entry_lines(entry, lang, viewer=self.viewer))
        chips = "".join(chip_html(rule, lang) for rule in rules)  # to tap, not inside the sentences
        return (
            f'<div class="{cls}" data-ply="{entry.ply}">{entry.ply}. <b>{escape(s.names(lang)[entry.mover])}</b>: '
            f"{notation_html(entry.played, lang)} – {escape(' '.join(lines))} {chips}</div>"
        )

    def log_html(self, lang: str) -> str:
        rows = "".join(self.entry_html(e, lang) for e in self.session.log[-_LOG_LENGTH:])
        return f'<div class="vd-log"><div>{rows}</div></div>'

    def hint_move(self) -> Move | None:
        """The hint's first choice, while it is still about the position shown."""
        if self.hint is None:
            return None
        ply, result = self.hint
        candidates = list(getattr(result, "candidates", ()))
        if ply != self.game.ply or not candidates:
            return None
        return candidates[0].move

    def hint_html(self, lang: str) -> str:
        """The hint beside the hand: one sentence (what to do and why), a note that its cards
        are marked, and — with :attr:`show_chances` — the best moves with their chances."""
        if self.hint_note is not None:
            return (
                f'<div class="vd-hint vd-hint-note" aria-live="polite">{escape(self.hint_note(lang))}</div>'
            )
        if self.hint is None:
            return ""
        _, result = self.hint
        candidates = list(getattr(result, "candidates", ()))
        if not candidates:
            return ""
        best = candidates[0]
        move = best.move
        text = hint_sentence(move, best.reason(lang), lang)
        if move.is_play:
            text += " " + counted("cp_hint_marked", len(move.cards), lang)
        chances = ""
        if self.show_chances:
            chances = f'<div class="vd-hint-title">{escape(t("pt_hint_title", lang))}</div>{hint_list_html(result, lang, deck=self.deck)}'
        return (
            f'<div class="vd-hint vd-hint-box" data-move="{escape(str(move))}" aria-live="polite">'
            f'<div class="vd-hint-say">{escape(text)}</div>{chances}</div>'
        )
