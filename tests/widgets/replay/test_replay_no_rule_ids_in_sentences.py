"""Issue 43: the replay's explanation reads as sentences without "(R4)" — the rule ids it
rests on are the badges after them (``data-rule``), each rule once."""

from __future__ import annotations

import html
import re

from vandatta.ai.simulate import play_random_game
from vandatta_widgets.replay.presenter import ReplayPresenter

CITED = re.compile(r"\((?:[RVSO]\d{1,2})(?:, [RVSO]\d{1,2})*\)")


def sentences(fragment: str) -> str:
    bare = re.sub(r'<div class="vd-rules".*?</div>', " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", bare))


def test_every_ply_explains_without_rule_ids_in_its_sentences() -> None:
    game = play_random_game(3, seed=5)
    words = ReplayPresenter(game)
    for lang in ("sv", "en"):
        for ply in range(game.ply + 1):
            for viewer in (None, 0):
                shown = words.explanation_html(ply, viewer, lang)
                assert not CITED.search(sentences(shown)), (ply, sentences(shown))
                if ply:
                    cited = set(game.replay(ply - 1).check(game.moves[ply - 1]).rules)
                    assert cited <= set(re.findall(r'data-rule="([^"]+)"', shown)), ply
