"""The replay's words, without widgets: each ply's explanation (the engine's verdict, the
events that followed, what else was legal, what a computer considered), classroom mode's
question, the move list's rows and the final points — as HTML in either language.

>>> from vandatta.ai.simulate import play_random_game
>>> game = play_random_game(3, seed=5)
>>> words = ReplayPresenter(game)
>>> words.list_label(0, "en"), words.list_label(1, "sv").startswith("1. Spelare ")
('0. Before the first move', True)
>>> "vd-rp-verdict" in words.explanation_html(1, None, "en")
True
>>> "vd-rp-end" in words.banner_html("sv")
True

Everything it says about the rules comes from the engine: the verdict of the move
(``position.check(move).lines(lang)``) with its rule ids, the events (``Event.text``) and
the legal moves of the position (``legal_moves()``). The viewer
(:class:`~vandatta_widgets.replay.viewer.ReplayViewer`) decides what to show and when.
"""

from __future__ import annotations

import html

from vandatta import Game, Move, move_words, svg
from vandatta.cards import format_cards
from vandatta.lang import genitive
from vandatta.rules import RULE_IDS, rule_title

from ..base.chips import uncited
from ..base.feedback import suit_spans
from ..base.i18n import t
from .cursor import Cursor

__all__ = ["ReplayPresenter", "suit_spans", "candidate_row"]

_ALSO_LEGAL_MAX = 24
_CANDIDATES_MAX = 6


class ReplayPresenter:
    """The words of a replay of ``game``, read through one :class:`~vandatta_widgets.replay.cursor.Cursor`
    (the viewer's own, or a new one)."""

    def __init__(self, game: Game, cursor: Cursor | None = None) -> None:
        self.game = game
        self.cursor = cursor if cursor is not None else Cursor(game)
        self.plies = len(self.cursor.moves)
        self._move_labels: dict[str, list[str]] = {}  # per language, made as far as asked for

    def names(self, lang: str) -> list[str]:
        return [self.game.player_name(s, lang) for s in range(self.game.players)]

    def list_label(self, ply: int, lang: str) -> str:
        """The move list's row for ``ply`` ("12. Spelare 2: 7♥"; 0 is the deal)."""
        labels = self._move_labels.get(lang)
        if labels is None:
            labels = self._move_labels[lang] = [f"0. {t('start_position', lang)}"]
        if ply < len(labels):
            return labels[ply]
        names = self.names(lang)
        for k in range(len(labels), ply + 1):
            mover = self.cursor.movers[k - 1]
            labels.append(f"{k}. {names[mover]}: {move_words(self.cursor.moves[k - 1], lang)}")
        return labels[ply]

    @staticmethod
    def _hidden_for(seat: int | None, viewer: int | None) -> bool:
        return viewer is not None and seat != viewer

    def question_html(self, ply: int, seat: int | None, lang: str) -> str:
        """Classroom mode's question: who is to move, and what to think about; nothing that
        tells the move."""
        player = self.names(lang)[self.cursor.at(ply).to_move]
        lines = [
            t("rp_question_who", lang, player=player),
            t("rp_question_look", lang),
            t("rp_question_then", lang),
        ]
        return (
            f'<div class="vd-rp-x vd-rp-question"><h2>{html.escape(t("rp_question", lang))}</h2>'
            + "".join(f"<p>{html.escape(line)}</p>" for line in lines)
            + "</div>"
        )

    def explanation_html(self, ply: int, viewer: int | None, lang: str) -> str:
        names = self.names(lang)
        parts: list[str] = []
        if ply == 0:
            start = self.cursor.at(0)
            parts.append(f"<h2>{html.escape(t('start_position', lang))}</h2>")
            lines, cited = uncited(
                e.text(lang, names=names, hidden=self._hidden_for(e.seat, viewer))
                for e in self.game.events(0)
            )
            lines.append(t("rp_begins", lang, player=names[start.to_move]))
            parts.append("<ul>" + "".join(f"<li>{suit_spans(x)}</li>" for x in lines) + "</ul>")
            rule_ids = [*cited, *(e.rule for e in self.game.events(0) if e.rule)]
            if rule_ids:
                parts.append(self.rules_html(rule_ids, lang))
            if self.plies == 0:
                parts.append(f"<p>{html.escape(t('rp_no_moves', lang))}</p>")
            return '<div class="vd-rp-x">' + "".join(parts) + "</div>"

        before = self.cursor.at(ply - 1)
        move = self.cursor.moves[ply - 1]
        seat = self.cursor.movers[ply - 1]
        verdict = before.check(move)  # the engine's own words for the move played
        heading = html.escape(t("rp_move_heading", lang, n=ply, m=self.plies) + " · " + names[seat] + ":")
        parts.append(f"<h2>{heading} {svg.move_html(move, size=42, lang=lang)}</h2>")
        # a short sentence per reason, read one at a time; "Anna goes out", not "you go out";
        # the rule ids leave the sentences for the badges after them (issue 43)
        said, cited = uncited(verdict.lines(lang, player=names[seat]))
        told = "".join(f"<p>{suit_spans(line)}</p>" for line in said)
        parts.append(f'<div class="vd-rp-verdict">{told}</div>')
        events = self.game.events(ply)
        then, cited_then = uncited(
            e.text(lang, names=names, hidden=self._hidden_for(e.seat, viewer)) for e in events
        )
        rule_ids = [*verdict.rules, *cited, *(e.rule for e in events if e.rule), *cited_then]
        if rule_ids:
            parts.append(self.rules_html(rule_ids, lang))
        if events:
            parts.append(f"<h3>{html.escape(t('rp_then', lang))}</h3><ul>")
            parts.extend(f"<li>{suit_spans(text)}</li>" for text in then)
            parts.append("</ul>")
        parts.append(f"<h3>{html.escape(t('also_legal', lang))}</h3>")
        if self._hidden_for(seat, viewer):
            owner = genitive(names[seat], lang)
            parts.append(f"<p>{html.escape(t('rp_hidden', lang, owner=owner))}</p>")
        else:
            parts.append(self.also_legal_html(before, move, lang))
            note = self.game.annotation(ply)
            if isinstance(note, dict) and note.get("candidates"):
                parts.append(self.candidates_html(note["candidates"], lang))
        return '<div class="vd-rp-x">' + "".join(parts) + "</div>"

    def rules_html(self, rule_ids: list[str], lang: str) -> str:
        seen: list[str] = []
        for rule_id in rule_ids:
            if rule_id not in seen:
                seen.append(rule_id)
        badges = []
        for rule_id in seen:
            title = rule_title(rule_id, lang) if rule_id in RULE_IDS else ""
            badges.append(
                f'<span class="vd-rule" data-rule="{html.escape(rule_id)}" title="{html.escape(title)}">'
                f'{html.escape(rule_id)} <span class="vd-rule-title">{html.escape(title)}</span></span>'
            )
        return (
            f'<div class="vd-rules" role="group" aria-label="{html.escape(t("rp_rules", lang))}">'
            f"{''.join(badges)}</div>"
        )

    def also_legal_html(self, before: Game, played: Move, lang: str) -> str:
        """The other legal moves of the position, one entry per distinct play (an eight's
        declarations collapsed to ``8♠=…``), then draw / pass."""
        legal = before.legal_moves()
        played_cards = played.decision()[1] if played.is_play else None
        items: list[str] = []
        for cards, decls, _laps in legal.plays():
            if played_cards is not None and Move.play(cards).decision()[1] == played_cards:
                continue
            text = format_cards(cards)
            if cards[-1].is_eight and decls and decls[0][0] is not None:
                text += "=…"
            items.append(text)
        if legal.can_draw() and not played.is_draw:
            items.append(move_words(Move.draw(), lang))
        if legal.can_pass() and not played.is_pass:
            items.append(move_words(Move.pass_(), lang))
        if not items:
            return f"<p>{html.escape(t('rp_nothing_else', lang))}</p>"
        shown = items[:_ALSO_LEGAL_MAX]
        text = " · ".join(suit_spans(x) for x in shown)
        if len(items) > len(shown):
            text += " · " + html.escape(t("rp_and_more", lang, n=len(items) - len(shown)))
        return f'<p class="vd-also">{text}</p>'

    def candidates_html(self, candidates: object, lang: str) -> str:
        """What a computer player considered (its annotation's ``candidates``): each a dict
        with ``move`` and a win chance (``win``, ``win_chance`` or ``p_win``, 0..1 or a
        percentage), optionally a ``reason`` (text, or ``{"sv": …, "en": …}``)."""
        rows: list[str] = []
        if isinstance(candidates, list):
            for item in candidates[:_CANDIDATES_MAX]:
                row = candidate_row(item, lang)
                if row:
                    rows.append(f"<li>{row}</li>")
        if not rows:
            return ""
        return f"<h4>{html.escape(t('considered', lang))}</h4><ol>{''.join(rows)}</ol>"

    def banner_html(self, lang: str) -> str:
        final = self.game
        names = self.names(lang)
        if not final.is_over:
            return f"<b>{html.escape(t('rp_record_ends', lang))}</b>"
        if final.winner is not None:
            head = t("wins_round", lang, player=names[final.winner])
        else:
            head = t("blocked", lang)
        points = final.points()
        rows = []
        places = final.rules.play_for_places  # rule O10: every place is shown
        for seat, p in enumerate(points):
            mark = f" ★ {t('rp_winner', lang)}" if seat == final.winner else ""
            place = final.place(seat) if places else None
            if place is not None:
                mark += f" · {t('pt_place', lang, n=place)}"
            rows.append(f"<tr><td>{html.escape(names[seat])}</td><td><b>{p}</b>{html.escape(mark)}</td></tr>")
        title = html.escape(f"{t('points', lang)} (S1)")
        return (
            f'<div class="vd-rp-end"><b>★ {html.escape(head)}</b>'
            f'<div>{title}</div><table class="vd-rp-points">{"".join(rows)}</table></div>'
        )


def candidate_row(item: object, lang: str) -> str:
    """One candidate a computer considered, as HTML ("" for a malformed one)."""
    if isinstance(item, (list, tuple)) and len(item) >= 2:
        item = {"move": item[0], "win": item[1]}
    if not isinstance(item, dict):
        return ""
    move = item.get("move")
    if not isinstance(move, str) or not move.strip():
        return ""
    move = move.strip()[:40]
    try:
        parsed = Move.parse(move)
    except ValueError:
        parsed = None
    if parsed is not None and not parsed.is_play:
        move = move_words(parsed, lang)
    text = suit_spans(move)
    chance = next((item[k] for k in ("win", "win_chance", "p_win") if k in item), None)
    if isinstance(chance, (int, float)) and not isinstance(chance, bool) and chance == chance:
        percent = chance * 100 if 0 <= chance <= 1 else chance
        if 0 <= percent <= 100:
            text += f" – {html.escape(t('win_chance', lang))} {percent:.0f} %"
    reason = item.get("reason")
    if isinstance(reason, dict):
        reason = reason.get(lang)
    if isinstance(reason, str) and reason.strip():
        text += f" ({suit_spans(reason.strip()[:200])})"
    return text
