"""The tables' pages agree with the Python side: the constants client.js copies from the engine
(the suits, the ranks, the computer players' kinds) are the engine's, and every module a page
imports is one the server serves."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest

from vandatta import Move, Rank, Suit
from vandatta.ai import PLAYER_NAMES
from vandatta_widgets.tables.page import term_words

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "widgets" / "tables"


def js_constants(text: str) -> dict[str, list[str]]:
    """Every top-level ``const NAME = [...];`` of strings in a script, by name.

    >>> js_constants('const A = ["x", "y"];\\nfunction f() {}\\nconst B = ["z"];')
    {'A': ['x', 'y'], 'B': ['z']}
    """
    found = {}
    for name, body in re.findall(r"^const ([A-Z_]+) = (\[[^\]]*\]);", text, re.MULTILINE):
        found[name] = json.loads(body)  # a list of double-quoted strings is JSON too
    return found


def constant_problems(constants: dict[str, list[str]]) -> list[str]:
    """How the page's constants differ from the engine's, one message each."""
    problems = []
    suits = [suit.symbol for suit in Suit]
    if constants.get("SUITS") != suits:  # in the engine's order: tbc_suit_N names Suit(N)
        problems.append(f"SUITS is {constants.get('SUITS')}, the engine's suits are {suits}")
    ranks = [rank.symbol for rank in Rank]
    if constants.get("RANKS") != ranks:
        problems.append(f"RANKS is {constants.get('RANKS')}, the engine's ranks are {ranks}")
    strengths = constants.get("STRENGTHS") or []
    if sorted(strengths) != sorted(PLAYER_NAMES) or len(set(strengths)) != len(strengths):
        problems.append(f"STRENGTHS is {strengths}, the engine's computer players are {list(PLAYER_NAMES)}")
    return problems


@pytest.fixture(scope="module")
def client_constants() -> dict[str, list[str]]:
    return js_constants((TABLES / "client.js").read_text(encoding="utf-8"))


def test_the_page_s_constants_are_the_engine_s(client_constants):
    assert {"SUITS", "RANKS", "STRENGTHS"} <= set(client_constants)
    assert constant_problems(client_constants) == []


def test_a_constant_that_drifted_is_named():
    good = {
        "SUITS": [s.symbol for s in Suit],
        "RANKS": [r.symbol for r in Rank],
        "STRENGTHS": ["beginner", "expert", "strong", "random"],
    }
    assert constant_problems(good) == []
    reordered = dict(good, SUITS=["♠", "♣", "♥", "♦"])
    assert [p.split(" is ")[0] for p in constant_problems(reordered)] == ["SUITS"]
    letters = dict(good, RANKS=[*good["RANKS"][:-1], "R"])  # a king written as in Swedish
    assert [p.split(" is ")[0] for p in constant_problems(letters)] == ["RANKS"]
    missing = dict(good, STRENGTHS=["beginner", "expert", "strong"])
    assert [p.split(" is ")[0] for p in constant_problems(missing)] == ["STRENGTHS"]


def test_the_words_the_constants_pick_are_the_engine_s(client_constants):
    # the declaration's suit buttons are named tbc_suit_<index in SUITS>, the seats' kinds tbc_kind_<kind>
    page_words = term_words()  # the engine's words, named for the page
    for index, symbol in enumerate(client_constants["SUITS"]):
        for lang in ("sv", "en"):
            assert page_words[f"tbc_suit_{index}"][lang] == Suit.parse(symbol).name_in(lang)
    for kind in client_constants["STRENGTHS"]:
        assert f"tbc_kind_{kind}" in page_words


def test_every_declaration_the_page_can_write_is_read_by_the_engine(client_constants):
    # drawDeclaration offers every suit and every rank but the eight; moveText writes "8♥=Q♠"
    # ("8♥=♠" when eights name a suit only)
    for suit in client_constants["SUITS"]:
        assert Move.parse(f"8♥={suit}").declared_suit == Suit.parse(suit)
        for rank in client_constants["RANKS"]:
            if rank == "8":
                continue
            move = Move.parse(f"8♥={rank}{suit}")
            assert (move.declared_suit, move.declared_rank) == (Suit.parse(suit), Rank.parse(rank))


# -- the modules the pages import are served ------------------------------------------------------

_IMPORT = re.compile(r"^import\s[^;]*?\sfrom\s+\"([^\"]+)\";", re.MULTILINE)


def _served() -> dict[str, Path]:
    """URL path under {base}vandatta/ → the file the tables' and the class's servers send."""
    from vandatta_widgets.server import poll_handlers
    from vandatta_widgets.server import table_handlers as handlers

    served = {f"table-static/{name}": handlers.static_file(name) for name in handlers.STATIC}
    served |= {f"class-static/{name}": poll_handlers.TABLES / name for name in poll_handlers.STATIC}
    return served


def unserved_imports(served: dict[str, Path]) -> list[str]:
    """Every import of a served script that the browser would ask the server for in vain."""
    missing = []
    for url, path in served.items():
        if not url.endswith(".js"):
            continue
        for target in _IMPORT.findall(path.read_text(encoding="utf-8")):
            wanted = urljoin("/vandatta/" + url, target).removeprefix("/vandatta/")
            if wanted not in served or not served[wanted].is_file():
                missing.append(f"{url} imports {target} ({wanted}), which is not served")
    return missing


def test_every_module_a_page_imports_is_served():
    served = _served()
    assert {"table-static/client.js", "table-static/shared.js", "class-static/poll.js"} <= set(served)
    assert unserved_imports(served) == []


def test_an_unserved_import_is_named():
    served = {k: v for k, v in _served().items() if k != "table-static/shared.js"}
    assert "table-static/client.js imports ./shared.js (table-static/shared.js), which is not served" in (
        unserved_imports(served)
    )


def test_the_pages_share_one_word_formatter():
    # the formatter and the element builder live in shared.js, not again in each page
    for name in ("client.js", "poll.js"):
        text = (TABLES / name).read_text(encoding="utf-8")
        assert "function words(" not in text and "function el(" not in text, name
        assert re.search(r'^import \{[^}]*\bwords\b[^}]*\} from "[./a-z-]*shared\.js";', text, re.M), name


def test_the_pages_count_with_one_and_other_as_every_language_does():
    """shared.js's counted() takes key.one for 1 and key.other for any other n: the plural rule
    of every language vandatta.lang knows. The pages ask for every counted word through it."""
    from vandatta.lang import LANGS, plural_form
    from vandatta_widgets.tables.page import client_config, poll_words

    for lang in LANGS:
        forms = [plural_form(n, lang) for n in range(1000)]
        assert forms == ["one" if n == 1 else "other" for n in range(1000)], lang
    words = client_config(lang="en", base="/")["words"] | poll_words()
    counted = {key.rsplit(".", 1)[0] for key in words if key.endswith((".one", ".other"))}
    assert {"tbc_cards", "tbc_points"} <= counted
    assert all(f"{key}.one" in words and f"{key}.other" in words for key in counted)
    for script in ("client.js", "poll.js"):
        asked = set(re.findall(r'\bw\("([\w.]+)"', (TABLES / script).read_text(encoding="utf-8")))
        assert not asked & counted, f"{script} asks for a count without its form: {asked & counted}"
