"""One way to check a language and to say the small words (vandatta.lang), for the engine and
the UI alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from vandatta import Card, Rank, Suit, messages, svg
from vandatta.explain import n_cards
from vandatta.lang import LANGS, UnknownLanguage, check_lang, genitive, join_words, number_word
from vandatta_widgets.base import i18n

ROOT = Path(__file__).resolve().parents[2]
PHRASE = "use 'sv' or 'en'"
# Files still saying it themselves, each for a reason: the replay and the tables are being
# reworked by others now; the loading page imports nothing of the engine on purpose.
NOT_YET = {
    "widgets/replay/viewer.py",
    "widgets/tables/tab.py",
    "widgets/tables/poll_tab.py",
    "widgets/app/page.py",
}


def test_the_check_is_one_error_with_one_message():
    assert LANGS == ("sv", "en") and i18n.LANGS is LANGS
    assert check_lang("sv") == "sv" and check_lang("en") == "en"
    for bad in ("de", "SV", "", None, 3, ["sv"]):
        with pytest.raises(UnknownLanguage) as caught:
            check_lang(bad)
        assert isinstance(caught.value, ValueError)  # callers that caught ValueError still do
        assert str(caught.value) == f"unknown language {bad!r}: {PHRASE}"


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card(Rank.SEVEN, Suit.HEARTS).name("de"),
        lambda: Suit.HEARTS.name_in("de"),
        lambda: n_cards(2, "de"),
        lambda: svg.card(Card(Rank.SEVEN, Suit.HEARTS), lang="de"),
        lambda: number_word(2, "de"),
        lambda: genitive("Alva", "de"),
        lambda: i18n.t("error", "de"),
        lambda: i18n.number_word(2, "de"),
        lambda: i18n.percent(0.5, "de"),
    ],
)
def test_the_engine_and_the_ui_refuse_a_language_with_the_same_error(call):
    with pytest.raises(UnknownLanguage, match="unknown language 'de'"):
        call()


def test_only_the_languages_module_writes_the_refusal():
    writers = sorted(
        str(path.relative_to(ROOT))
        for package in ("vandatta", "widgets")
        for path in (ROOT / package).rglob("*.py")
        if PHRASE in path.read_text(encoding="utf-8")
    )
    assert set(writers) - NOT_YET - {"widgets/base/screen.py"} == {"vandatta/lang.py"}, writers
    # widgets.base.screen says it only in an example of its docstring
    base = (ROOT / "widgets/base/screen.py").read_text(encoding="utf-8")
    assert base.count(PHRASE) == 1


def test_one_table_of_number_words_in_the_two_forms_the_texts_use():
    # the engine counts cards (a neuter noun in Swedish): "inga kort", "ett kort"
    assert messages.NUMBERS["sv"] == ("inga", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta")
    assert messages.NUMBERS["en"] == ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
    assert n_cards(0, "sv") == "inga kort" and n_cards(2, "sv") == "två kort"
    # the UI counts people: "en spelare", zero "noll" (kept as the quiz has always said it)
    assert [i18n.number_word(n, "sv") for n in (0, 1, 2)] == ["noll", "en", "två"]
    assert [number_word(n, "sv", gender="common") for n in (0, 1, 2)] == ["noll", "en", "två"]
    assert i18n.number_word(1, "en") == number_word(1, "en") == "one"
    assert number_word(9, "sv") == "9" and number_word(-1, "en") == "-1"
    with pytest.raises(ValueError, match="gender"):
        number_word(1, "sv", gender="plural")


def test_genitives_and_joins_are_the_ui_words():
    assert i18n.genitive is genitive and i18n.join_words is join_words
    assert [genitive(n, "sv") for n in ("Spelare 2", "Alva", "Hans", "AB")] == [
        "Spelare 2:s",
        "Alvas",
        "Hans",
        "AB:s",
    ]
    assert [genitive(n, "en") for n in ("Player 2", "Bess")] == ["Player 2's", "Bess'"]
    assert (
        join_words(["Alva", "Bo", "Cleo"], "en") == "Alva, Bo and Cleo"
        and join_words(["Alva"], "sv") == "Alva"
    )
