"""The pages of the tables and of the class, as data and HTML, without a web server: what
the dashboard's tabs (a kernel, or the browser's own Python on the static site, where tornado
is not) and the handlers (:mod:`vandatta_widgets.server.table_handlers`, :mod:`~vandatta_widgets.server.poll_handlers`)
share.

>>> config = client_config(lang="en", base="/")
>>> config["words"]["tbc_join"], [p["name"] for p in config["rules"]["presets"]][:2]
({'sv': 'Gå med', 'en': 'Join'}, ['standard', 'strict'])
>>> poll_words()["clc_waiting"]["en"]
'Waiting for the next question'
"""

from __future__ import annotations

import html
import json

from ..base.i18n import LANGS, UI, t, term

__all__ = [
    "client_config",
    "chip_words_all",
    "rule_choices",
    "page_html",
    "shell_html",
    "poll_words",
    "term_words",
]


def client_config(*, lang: str, base: str, code: str | None = None, name: str | None = None) -> dict:
    """What the page's script is given: where the tables are (``base``: the server's base URL,
    ending in /), the language, the code in the address, a signed-in name, and the page's words
    in both languages (the language switch then needs no round trip)."""
    return {
        "base": base,
        "lang": lang,
        "code": code,
        "name": name,
        "words": {key: {lg: t(key, lg) for lg in LANGS} for key in _client_keys()}
        | term_words()
        | chip_words_all(),
        "rules": rule_choices(),
    }


def rule_choices() -> dict:
    """What the page offers when a table is made: the engine's named presets (each with its
    one-line description) and the switches that are simply on or off, with their titles."""
    from vandatta.rules import PRESETS, Rules, preset_description, rule_title

    presets = [
        {
            "name": name,
            "rules": str(Rules.preset(name)),
            "text": {lg: preset_description(name, lg) for lg in LANGS},
        }
        for name in PRESETS
        if name != "kallan"  # the same rules as "standard", under the source's name
    ]
    from vandatta.rules import RULE_IDS

    switches = []
    for rule in RULE_IDS:  # every switch, in the rulebook's order (issue 40)
        if rule[0] not in "VO":
            continue
        entry: dict = {"id": rule, "title": {lg: rule_title(rule, lg) for lg in LANGS}}
        name = _VALUED.get(rule)
        if name is not None:  # a house rule with values: the source's first, as the form offers them
            values = _VALUES[rule]
            entry["values"] = [
                {"value": str(v), "text": {lg: t(f"hr_{rule.lower()}_{v}", lg) for lg in LANGS}}
                for v in values
            ]
        switches.append(entry)
    return {"presets": presets, "switches": switches}


# The house rules that take a value (the others are simply on or off), as the dashboard's form has them.
_VALUED = {"O4": "cards_dealt", "O6": "lappen_penalty", "O8": "drawing"}
_VALUES = {"O4": (6, 7, 5), "O6": (3, 2), "O8": ("three", "one", "until")}


def shell_html(
    *,
    lang: str,
    title: str,
    stylesheets: list[str],
    root: tuple[str, str],
    module: str,
    mount: str,
    config: dict,
) -> str:
    """A page the script fills in: ``config`` (JSON in the root element's ``data-config``)
    handed to ``mount`` of the ES module at ``module``; ``root`` is the element's id and
    class. Every value is escaped here: as HTML in the markup, as a JavaScript string (JSON,
    with ``</`` broken up) in the script, where HTML escapes are not read.

    >>> page = shell_html(lang="en", title="A & B", stylesheets=["/s.css"], root=("r", "c"),
    ...                   module="/m.js", mount="go", config={"x": "<"})
    >>> '<title>A &amp; B</title>' in page, 'data-config="{&quot;x&quot;: &quot;&lt;&quot;}"' in page
    (True, True)
    >>> 'import { go } from "/m.js";' in page, '"/a<\\\\/script>"' in shell_html(
    ...     lang="en", title="", stylesheets=[], root=("r", "c"), module="/a</script>", mount="go", config={})
    (True, True)
    """
    if not mount.isidentifier():
        raise ValueError(f"mount must be the name of the module's function, not {mount!r}")
    data = html.escape(json.dumps(config, ensure_ascii=False), quote=True)
    links = "".join(
        f'<link rel="stylesheet" href="{html.escape(href, quote=True)}">\n' for href in stylesheets
    )
    element, classes = (html.escape(part, quote=True) for part in root)
    js_module, js_element = (json.dumps(text).replace("</", "<\\/") for text in (module, root[0]))
    return f"""<!DOCTYPE html>
<html lang="{html.escape(lang, quote=True)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
{links}</head>
<body class="vd-tables-page">
<main id="{element}" class="{classes}" data-config="{data}"></main>
<script type="module">
import {{ {mount} }} from {js_module};
const root = document.getElementById({js_element});
{mount}(root, JSON.parse(root.dataset.config));
</script>
</body>
</html>
"""


def page_html(*, lang: str, base: str, code: str | None, name: str | None = None) -> str:
    """The table page: a shell the script fills in."""
    static = base + "vandatta/table-static/"
    return shell_html(
        lang=lang,
        title=t("tb_page_title", lang),
        stylesheets=[static + "client.css"],
        root=("vd-tables", "vd-tables"),
        module=static + "client.js",
        mount="mount",
        config=client_config(lang=lang, base=base, code=code, name=name),
    )


def chip_words_all() -> dict:
    """Each rule's chip for the pages' scripts (shared.js: ruleChip): ``chip_name_R4`` its name
    for a screen reader, ``chip_says_R4`` the rule in a child's words, in both languages — the
    engine's "(R4)" leaves a sentence and becomes a chip to tap (issue 43)."""
    from vandatta import RULE_IDS

    from ..base.chips import chip_words

    words: dict = {}
    for rule in RULE_IDS:
        said = {lg: chip_words(rule, lg) for lg in LANGS}
        words[f"chip_name_{rule}"] = {lg: said[lg][1] for lg in LANGS}
        words[f"chip_says_{rule}"] = {lg: said[lg][2] for lg in LANGS}
    return words


def term_words() -> dict:
    """The page's words that are the game's terms (:data:`vandatta.messages.TERMS`), under the
    names the page's script asks for: a computer seat's kind (``tbc_kind_strong``: "datorspelare ·
    stark"), a count of cards (``tbc_cards.one``/``.other``, whose ``{n}`` the page fills in) and each suit's
    name by its place in the engine's order (``tbc_suit_0``: "spader")."""
    from vandatta import Suit
    from vandatta.ai import PLAYER_NAMES
    from vandatta.messages import TERMS

    words: dict = {
        f"tbc_kind_{kind}": {
            lg: t(
                "tb_computer_kind",
                lg,
                computer=term("computer_player", lg),
                kind=term(f"kind_short.{kind}", lg),
            )
            for lg in LANGS
        }
        for kind in PLAYER_NAMES
    }
    words |= {f"tbc_cards.{form}": dict(TERMS[f"cards.{form}"]) for form in ("one", "other")}
    words |= {f"tbc_suit_{int(suit)}": {lg: suit.name_in(lg) for lg in LANGS} for suit in Suit}
    return words


def _client_keys() -> list[str]:
    return [key for key in UI if key.startswith("tbc_")] + ["draw", "pass", "lappen", "play_cards", "clear"]


def poll_words() -> dict:
    """Every word the pages of a class need, in both languages (the switch needs no trip)."""
    keys = [k for k in UI if k.startswith("clc_")]
    keys += ["tbc_eight_counts_as", "tbc_your_hand", "tbc_no_cards"]
    keys += ["draw", "pass", "lappen", "play_cards", "clear", "cl_toggle"]
    terms = {key: said for key, said in term_words().items() if key.startswith(("tbc_suit_", "tbc_cards"))}
    return {key: {lg: t(key, lg) for lg in LANGS} for key in keys} | terms | chip_words_all()
