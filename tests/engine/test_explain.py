"""The engine's explanations: the verdict of each rule case in Swedish and English, the
message catalog, and the sentences of the events."""

from __future__ import annotations

import re
import string

import pytest

import vandatta as v
from tests.helpers.positions import position_builder
from vandatta.explain import MESSAGES, Event, message, n_cards

R = v.Rules
V1 = R(no_special_on_special=True)
V2 = R(no_special_finish=True)
V3 = R(lappen=True)
O1 = R(suit_only_eights=True)


pos = position_builder(talon="9♠ 9♦ 9♣")


# (name, game, move, legal, rule ids, English, Swedish)
CASES = [
    (
        "R4 same suit",
        lambda: pos(["5♥ K♠", "4♦"], "7♥"),
        "5♥",
        True,
        ("R4",),
        "5♥ on 7♥: same suit, hearts (R4).",
        "5♥ på 7♥: samma färg, hjärter (R4).",
    ),
    (
        "R4 same rank",
        lambda: pos(["7♥ K♠", "4♦"], "7♣"),
        "7♥",
        True,
        ("R4",),
        "7♥ on 7♣: same rank — hearts is now the suit (R4).",
        "7♥ på 7♣: samma valör – nu gäller hjärter (R4).",
    ),
    (
        "R4 no match",
        lambda: pos(["K♠ 5♥", "4♦"], "7♥"),
        "K♠",
        False,
        ("R4",),
        "K♠ does not fit: it has neither the suit ♥ nor the rank 7 (R4).",
        "K♠ har varken färgen ♥ eller valören 7 (R4).",
    ),
    (
        "R4 on a declared eight, same suit and rank",
        lambda: pos(["K♥ 2♣", "4♦"], "8♠=K♥"),
        "K♥",
        True,
        ("R4",),
        "K♥ on 8♠ (counts as king of hearts): same suit and same rank (R4).",
        "K♥ på 8♠ (räknas som hjärter kung): samma färg och samma valör (R4).",
    ),
    (
        "R4 on a declared eight, same rank",
        lambda: pos(["K♣ 2♣", "4♦"], "8♠=K♥"),
        "K♣",
        True,
        ("R4",),
        "K♣ on 8♠ (counts as king of hearts): same rank — clubs is now the suit (R4).",
        "K♣ på 8♠ (räknas som hjärter kung): samma valör – nu gäller klöver (R4).",
    ),
    (
        "R5 group",
        lambda: pos(["7♦ 7♣ 7♠ 2♥", "4♦"], "7♥"),
        "7♦ 7♠ 7♣",
        True,
        ("R4", "R5"),
        "7♦ on 7♥: same rank (R4); three sevens at once; the last one laid, 7♣, is on top: clubs is now the suit (R5).",
        "7♦ på 7♥: samma valör (R4); tre sjuor på en gång; det sista kortet, 7♣, hamnar överst: nu gäller klöver (R5).",
    ),
    (
        "R5 mixed ranks",
        lambda: pos(["7♥ 8♥ 2♣", "4♦"], "7♥"),
        "7♥ 8♥=K♥",
        False,
        ("R5",),
        "7♥ and 8♥ differ in rank: cards laid together must be of one rank (R5).",
        "7♥ och 8♥ har olika valör: kort som läggs tillsammans måste ha samma valör (R5).",
    ),
    (
        "not held",
        lambda: pos(["7♥ 2♣", "4♦"], "7♥"),
        "7♠",
        False,
        (),
        "You hold no 7♠.",
        "Du har ingen 7♠ på handen.",
    ),
    (
        "not held twice",
        lambda: pos(["7♥ 2♣", "4♦"], "7♥"),
        "7♥ 7♥",
        False,
        (),
        "You hold only 1 × 7♥, not 2.",
        "Du har bara 1 × 7♥ på handen, inte 2.",
    ),
    (
        "R6 eight",
        lambda: pos(["8♠ 2♥", "4♦"], "7♥"),
        "8♠=K♥",
        True,
        ("R6",),
        "8♠ is an eight and may be laid on anything; it now counts as king of hearts (R6).",
        "8♠ är en åtta och får läggas på vad som helst; den räknas nu som hjärter kung (R6).",
    ),
    (
        "R6 group of eights",
        lambda: pos(["8♠ 8♦ 2♥", "4♦"], "7♥"),
        "8♠ 8♦=Q♥",
        True,
        ("R6", "R5"),
        "8♠ is an eight and may be laid on anything (R6); two eights at once; the last one, 8♦, counts as "
        "queen of hearts (R5, R6).",
        "8♠ är en åtta och får läggas på vad som helst (R6); två åttor på en gång; den sista, 8♦, räknas som "
        "hjärter dam (R5, R6).",
    ),
    (
        "R6 undeclared",
        lambda: pos(["8♦ 2♣", "4♦"], "7♥"),
        "8♦",
        False,
        ("R6",),
        "An eight counts as another card: choose a suit and a rank for 8♦ (R6).",
        "En åtta räknas som ett annat kort: välj färg och valör för åttan 8♦ (R6).",
    ),
    (
        "R6 suit only without O1",
        lambda: pos(["8♦ 2♣", "4♦"], "7♥"),
        "8♦=♣",
        False,
        ("R6",),
        "An eight counts as a suit and a rank: choose a rank for 8♦ too (R6).",
        "En åtta räknas som både färg och valör: välj en valör för åttan 8♦ också (R6).",
    ),
    (
        "R7 ace",
        lambda: pos(["A♥ 5♥ 2♣", "4♦", "3♦"], "7♥"),
        "A♥",
        True,
        ("R4", "R7"),
        "A♥ on 7♥: same suit, hearts (R4); every other player draws one card (R7); then you must lay a "
        "card of hearts in the same turn (R7).",
        "A♥ på 7♥: samma färg, hjärter (R4); alla andra drar ett kort (R7); sedan måste du lägga ett kort "
        "i hjärter i samma tur (R7).",
    ),
    (
        "R7 follow-up",
        lambda: pos(["A♥ 5♥ 2♣", "4♦"], "7♥", pre=["A♥"]),
        "5♥",
        True,
        ("R7",),
        "5♥ follows the ace with its suit, hearts (R7).",
        "5♥ följer esset i samma färg, hjärter (R7).",
    ),
    (
        "R7 follow-up eight",
        lambda: pos(["A♥ 8♥ 2♣", "4♦"], "7♥", pre=["A♥"]),
        "8♥=K♠",
        True,
        ("R7", "R6"),
        "8♥ follows the ace with its suit, hearts; it now counts as king of spades (R7, R6).",
        "8♥ följer esset i samma färg, hjärter; den räknas nu som spader kung (R7, R6).",
    ),
    (
        "R7 wrong suit",
        lambda: pos(["A♥ 5♥ 2♣", "4♦"], "7♥", pre=["A♥"]),
        "2♣",
        False,
        ("R7",),
        "After the ace you must lay a card of hearts, and 2♣ is not one (R7).",
        "Efter esset måste du lägga ett kort i hjärter, och 2♣ är inte det (R7).",
    ),
    (
        "R7 eight of another suit",
        lambda: pos(["A♥ 5♥ 8♣", "4♦"], "7♥", pre=["A♥"]),
        "8♣=K♥",
        False,
        ("R7",),
        "An eight of another suit does not count: the ace must be followed by hearts (R7).",
        "En åtta i en annan färg räknas inte: esset måste följas av hjärter (R7).",
    ),
    (
        "R7 no draw while owing",
        lambda: pos(["A♥ 5♥ 2♣", "4♦"], "7♥", pre=["A♥"]),
        "draw",
        False,
        ("R7",),
        "After an ace you must lay a card of hearts; you may not draw or pass (R7).",
        "Efter ett ess måste du lägga ett kort i hjärter; du får inte dra eller stå över (R7).",
    ),
    (
        "R7 ace without follow-up",
        lambda: pos(["A♥ 2♣", "4♦"], "7♥"),
        "A♥",
        False,
        ("R7",),
        "An ace needs a card of its suit to follow (R7): after A♥ you would hold no hearts to lay.",
        "Ett ess måste följas av ett kort i samma färg (R7): efter A♥ skulle du inte ha någon hjärter att lägga.",
    ),
    (
        "R8 draw",
        lambda: pos(["5♥", "4♦"], "7♥"),
        "draw",
        True,
        ("R8",),
        "You draw a card — the first of at most three this turn (R8); after drawing you may lay any card "
        "that is allowed, or draw again.",
        "Du drar ett kort – det första av högst tre den här turen (R8); när du har dragit får du lägga "
        "vilket tillåtet kort som helst eller dra igen.",
    ),
    (
        "R8 third draw",
        lambda: pos(["2♣", "4♦"], "7♥", talon="9♠ 9♦ 9♣ 10♠", pre=["draw", "draw"]),
        "draw",
        True,
        ("R8",),
        "You draw a card — the third of at most three this turn (R8).",
        "Du drar ett kort – det tredje av högst tre den här turen (R8).",
    ),
    (
        "R8 draw limit",
        lambda: pos(["2♣", "4♦"], "7♥", talon="9♠ 9♦ 9♣ 10♠", pre=["draw", "draw", "draw"]),
        "draw",
        False,
        ("R8",),
        "You have already drawn three cards: lay a card or pass (R8).",
        "Du har redan dragit tre kort: lägg ett kort eller stå över (R8).",
    ),
    (
        "R8 pass after three",
        lambda: pos(["2♣", "4♦"], "7♥", talon="9♠ 9♦ 9♣ 10♠", pre=["draw", "draw", "draw"]),
        "pass",
        True,
        ("R8", "R3"),
        "You have drawn three cards and pass (R8); the turn goes to player 2 (R3).",
        "Du har dragit tre kort och står över (R8); turen går över till spelare 2 (R3).",
    ),
    (
        "R8 pass too early",
        lambda: pos(["2♣", "4♦"], "7♥"),
        "pass",
        False,
        ("R8",),
        "You may pass only after drawing three cards — you have drawn 0 (R8).",
        "Du får stå över först när du har dragit tre kort – du har dragit 0 (R8).",
    ),
    (
        "R9 going out",
        lambda: pos(["5♥", "4♦"], "7♥"),
        "5♥",
        True,
        ("R4", "R9"),
        "5♥ on 7♥: same suit, hearts (R4); that was your last card: you go out and win the round (R9).",
        "5♥ på 7♥: samma färg, hjärter (R4); det var ditt sista kort: du går ut och vinner omgången (R9).",
    ),
    (
        "R9 round over",
        lambda: pos(["5♥", "4♦"], "7♥", pre=["5♥"]),
        "draw",
        False,
        ("R9",),
        "The round is over (R9).",
        "Omgången är slut (R9).",
    ),
    (
        "R9 no lappen going out",
        lambda: pos(["5♥", "4♦"], "7♥", rules=V3),
        "5♥ lappen",
        False,
        ("R9",),
        "A play that goes out cannot carry the lappen call (R9).",
        "Den som går ut säger inte ”lappen” (R9).",
    ),
    (
        "R10 draw with reshuffle",
        lambda: pos(["5♥", "4♦"], "7♥", talon="", pile="2♣"),
        "draw",
        True,
        ("R8", "R10"),
        "You draw a card — the first of at most three this turn (R8); the talon is empty, so the pile under "
        "the top card is shuffled into a new talon (R10); after drawing you may lay any card that is "
        "allowed, or draw again.",
        "Du drar ett kort – det första av högst tre den här turen (R8); talongen är tom, så högen under det "
        "översta kortet blandas om till en ny talong (R10); när du har dragit får du lägga vilket tillåtet "
        "kort som helst eller dra igen.",
    ),
    (
        "R10 nothing to draw",
        lambda: pos(["2♣", "4♦"], "7♥", talon=""),
        "draw",
        False,
        ("R10",),
        "There is nothing to draw: the talon is empty and the pile has only its top card (R10).",
        "Det finns inget att dra: talongen är tom och i högen ligger bara det översta kortet (R10).",
    ),
    (
        "R10 pass with nothing to draw",
        lambda: pos(["2♣", "4♦", "3♦"], "7♥", talon=""),
        "pass",
        True,
        ("R10", "R3"),
        "Nothing is left to draw, so you pass (R10); the turn goes to player 2 (R3).",
        "Det finns inget kvar att dra, så du står över (R10); turen går över till spelare 2 (R3).",
    ),
    (
        "R10 blocked",
        lambda: pos(["2♣", "4♦"], "7♥", talon="", pre=["pass"]),
        "pass",
        True,
        ("R10",),
        "Nothing is left to draw, so you pass (R10); everyone has had a turn and nobody has laid or drawn "
        "a card: the round is blocked (R10).",
        "Det finns inget kvar att dra, så du står över (R10); ingen har lagt eller dragit något kort på ett "
        "helt varv: omgången är låst (R10).",
    ),
    (
        "R10 after blocking",
        lambda: pos(["2♣", "4♦"], "7♥", talon="", pre=["pass", "pass"]),
        "draw",
        False,
        ("R10",),
        "The round is over: it is blocked (R10).",
        "Omgången är slut: den är låst (R10).",
    ),
    (
        "V1 eight on an eight",
        lambda: pos(["8♦ 2♣", "4♦"], "8♠=K♥", rules=V1),
        "8♦=2♣",
        False,
        ("V1",),
        "8♦ is a special card and may not be laid on the special card 8♠ (V1).",
        "8♦ är ett specialkort och får inte läggas på specialkortet 8♠ (V1).",
    ),
    (
        "V1 group of eights",
        lambda: pos(["8♦ 8♣ 2♣", "4♦"], "7♥", rules=V1),
        "8♦ 8♣=2♣",
        False,
        ("V1",),
        "8♣ may not be laid on 8♦: no special card on a special card (V1).",
        "8♣ får inte läggas på 8♦: inget specialkort på ett specialkort (V1).",
    ),
    (
        "V2 special last card",
        lambda: pos(["8♦", "4♦"], "7♥", rules=V2),
        "8♦=2♣",
        True,
        ("R6", "V2"),
        "8♦ is an eight and may be laid on anything; it now counts as two of clubs (R6); your last card is "
        "a special card, so you do not go out: you must draw (V2).",
        "8♦ är en åtta och får läggas på vad som helst; den räknas nu som klöver tvåa (R6); ditt sista kort "
        "är ett specialkort, så du går inte ut: du måste dra kort (V2).",
    ),
    (
        "V2 draw",
        lambda: pos(["8♦", "4♦"], "7♥", rules=V2, pre=["8♦=2♣"]),
        "draw",
        True,
        ("V2", "R8"),
        "You laid a special card last and did not go out, so you draw (V2); you draw a card — the first "
        "of at most three this turn (R8); after drawing you may lay any card that is allowed, or draw again.",
        "Du lade ett specialkort sist och gick inte ut, så du drar (V2); du drar ett kort – det första av "
        "högst tre den här turen (R8); när du har dragit får du lägga vilket tillåtet kort som helst eller "
        "dra igen.",
    ),
    (
        "V2 no pass",
        lambda: pos(["8♦", "4♦"], "7♥", rules=V2, pre=["8♦=2♣"]),
        "pass",
        False,
        ("V2",),
        "Your last card was a special card, so you must draw — you have drawn 0 of three (V2).",
        "Ditt sista kort var ett specialkort, så du måste dra – du har dragit 0 av tre (V2).",
    ),
    (
        "V3 call",
        lambda: pos(["5♥ 5♠ 9♥", "4♦"], "7♥", rules=V3),
        "9♥ lappen",
        True,
        ("R4", "V3"),
        "9♥ on 7♥: same suit, hearts (R4); you call “lappen”: one more turn could empty your hand (V3).",
        "9♥ på 7♥: samma färg, hjärter (R4); du säger ”lappen”: nästa tur kan du bli av med alla kort (V3).",
    ),
    (
        "V3 penalty",
        lambda: pos(["5♥ 5♠ 9♥", "4♦"], "7♥", rules=V3),
        "9♥",
        True,
        ("R4", "V3"),
        "9♥ on 7♥: same suit, hearts (R4); you could then go out next turn, so if you don't call “lappen” "
        "you draw three cards as a penalty (V3).",
        "9♥ på 7♥: samma färg, hjärter (R4); sedan kan du gå ut nästa tur, så om du inte säger ”lappen” "
        "drar du tre kort i straff (V3).",
    ),
    (
        "V3 not ready",
        lambda: pos(["5♥ 6♠ 9♥", "4♦"], "7♥", rules=V3),
        "9♥ lappen",
        False,
        ("V3",),
        "You cannot call “lappen”: your hand could not be emptied in one turn (V3).",
        "Du kan inte säga ”lappen”: handen kan inte tömmas på en tur (V3).",
    ),
    (
        "V3 off",
        lambda: pos(["5♥ 5♠ 9♥", "4♦"], "7♥"),
        "9♥ lappen",
        False,
        ("V3",),
        "Lappen is not in play in this game: the lappen rule is off (V3).",
        "Lappen används inte i det här spelet: lappen-regeln är avslagen (V3).",
    ),
    (
        "V3 not with an ace",
        lambda: pos(["A♥ 5♥ 9♥", "4♦"], "7♥", rules=V3),
        "A♥ lappen",
        False,
        ("V3",),
        "Lappen is called with the move that ends the turn, and after this the turn goes on (V3).",
        "Lappen sägs med draget som avslutar turen, och efter det här fortsätter turen (V3).",
    ),
    (
        "O1 suit only",
        lambda: pos(["8♦ 2♣", "4♦"], "7♥", rules=O1),
        "8♦=♣",
        True,
        ("R6",),
        "8♦ is an eight and may be laid on anything; it now counts as clubs (R6).",
        "8♦ är en åtta och får läggas på vad som helst; den räknas nu som klöver (R6).",
    ),
    (
        "O1 no rank",
        lambda: pos(["8♦ 2♣", "4♦"], "7♥", rules=O1),
        "8♦=K♣",
        False,
        ("O1",),
        "When an eight counts as a suit only, you choose only a suit for 8♦, no rank (O1).",
        "När åttan bara räknas som en färg väljer du bara färg för åttan 8♦, ingen valör (O1).",
    ),
    (
        "O1 undeclared",
        lambda: pos(["8♦ 2♣", "4♦"], "7♥", rules=O1),
        "8♦",
        False,
        ("R6", "O1"),
        "An eight counts as a suit: choose the suit for 8♦ (R6, O1).",
        "En åtta räknas som en färg: välj färg för åttan 8♦ (R6, O1).",
    ),
    (
        "O1 no match",
        lambda: pos(["2♣ 3♦", "4♦"], "8♠=♥", rules=O1),
        "2♣",
        False,
        ("O1",),
        "2♣ is not hearts, and on 8♠ only hearts or an eight may be laid (O1).",
        "2♣ är inte hjärter, och på 8♠ får bara hjärter eller en åtta läggas (O1).",
    ),
]


@pytest.mark.parametrize(
    ("name", "make", "move", "is_legal", "rules", "en", "sv"), CASES, ids=[c[0] for c in CASES]
)
def test_verdict_text_in_both_languages(name, make, move, is_legal, rules, en, sv):
    game = make()
    verdict = game.check(move)
    assert verdict.legal is is_legal
    assert bool(verdict) is is_legal
    assert verdict.rules == rules
    assert verdict.text("en") == en
    assert verdict.text("sv") == sv
    assert str(verdict) == en
    assert verdict.move == v.Move.parse(move)
    assert len(verdict.lines("sv")) == len(verdict.reasons) == len(verdict.lines("en"))
    if not is_legal:
        with pytest.raises(v.IllegalMoveError) as info:
            game.play(move)
        assert info.value.verdict == verdict
        assert en in str(info.value)


def test_named_players_appear_in_the_explanation():
    g = v.Game.from_position(hands=["2♣", "4♦"], top="7♥", talon="", names=["Anna", "Bo"])
    assert (
        g.check("pass").text("sv")
        == "Det finns inget kvar att dra, så du står över (R10); turen går över till Bo (R3)."
    )
    assert g.check("pass").text("en").endswith("the turn goes to Bo (R3).")


def test_verdict_value_behaviour():
    g = pos(["7♥ K♠", "4♦"], "7♣")
    a, b = g.check("7♥"), g.check("7h")
    assert a == b and hash(a) == hash(b)
    assert a != g.check("K♠")
    assert repr(a) == "<Verdict legal '7♥': '7♥ on 7♣: same rank — hearts is now the suit (R4).'>"
    assert repr(g.check("K♠")).startswith("<Verdict illegal 'K♠':")
    html = g.check("K♠")._repr_html_()
    assert (
        "Not allowed" in html
        and "R4" in html
        and "K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4)." in html
    )
    assert "Tillåtet" in a._repr_html_("sv")
    with pytest.raises(AttributeError):
        a.legal = False
    with pytest.raises(ValueError):
        a.text("de")


# -- the catalog ---------------------------------------------------------------------------


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_both_languages_with_the_same_fields(key):
    entry = MESSAGES[key]
    assert set(entry) == {"en", "sv"}
    assert entry["en"].strip() and entry["sv"].strip()
    assert _fields(entry["en"]) == _fields(entry["sv"])
    ids = re.findall(r"\b[RVSO]\d+\b", entry["en"])
    assert ids == re.findall(r"\b[RVSO]\d+\b", entry["sv"]), "both languages cite the same rules"


_ENGLISH = re.compile(
    r"\b(the|and|you|your|of|is|not|on|with|must|may|card|cards|draw|draws|player|turn|suit|rank|pile|"
    r"talon|eight|ace|round|pass|counts|hold|after)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_swedish_messages_contain_no_english_words(key):
    text = re.sub(r"\{[^}]*\}", "", MESSAGES[key]["sv"])
    assert not _ENGLISH.search(text), text


def test_swedish_verdicts_contain_no_english_words():
    for case in CASES:
        text = case[1]().check(case[2]).text("sv")
        assert " the " not in text and " you " not in text
        assert not _ENGLISH.search(text), text


def test_message_and_numbers():
    assert message("round_over", "sv") == "omgången är slut (R9)"
    assert message("no_match", "en", card=v.Card.parse("K♠"), suit_sym=v.Suit.HEARTS, rank=v.Rank.SEVEN) == (
        "K♠ does not fit: it has neither the suit ♥ nor the rank 7 (R4)"
    )
    assert (
        n_cards(1, "en") == "one card" and n_cards(2, "en") == "two cards" and n_cards(0, "en") == "no cards"
    )
    assert (
        n_cards(2, "sv") == "två kort" and n_cards(1, "sv") == "ett kort" and n_cards(12, "sv") == "12 kort"
    )
    with pytest.raises(ValueError):
        message("round_over", "de")


# -- events --------------------------------------------------------------------------------

C = v.Card.parse

EVENTS = [
    (
        Event("draw", 0, (C("9♠"),), rule="R8"),
        "Player 1 draws 9♠ (R8).",
        "Spelare 1 drar 9♠ (R8).",
        "Player 1 draws a card (R8).",
        "Spelare 1 drar ett kort (R8).",
    ),
    (
        Event("ace_draw", 1, (C("9♠"),), rule="R7"),
        "Player 2 draws 9♠ for the ace (R7).",
        "Spelare 2 drar 9♠ för esset (R7).",
        "Player 2 draws a card for the ace (R7).",
        "Spelare 2 drar ett kort för esset (R7).",
    ),
    (
        Event("starter_draw", 2, (C("9♠"),), rule="R11"),
        "Player 3 draws 9♠ for the ace turned up (R11).",
        "Spelare 3 drar 9♠ för det uppvända esset (R11).",
        "Player 3 draws a card for the ace turned up (R11).",
        "Spelare 3 drar ett kort för det uppvända esset (R11).",
    ),
    (
        Event("penalty", 0, tuple(v.parse_cards("K♥ 4♦ 2♣")), rule="V3"),
        "Player 1 draws K♥ 4♦ 2♣ as a penalty for not calling lappen (V3).",
        "Spelare 1 drar K♥ 4♦ 2♣ i straff för att inte ha sagt lappen (V3).",
        "Player 1 draws three cards as a penalty for not calling lappen (V3).",
        "Spelare 1 drar tre kort i straff för att inte ha sagt lappen (V3).",
    ),
    (
        Event("penalty", 0, (), rule="V3"),  # every penalty draw lapsed (R10)
        "Player 1 did not call lappen, but nothing is left to draw as a penalty (V3, R10).",
        "Spelare 1 sa inte lappen, men det finns inget kvar att dra i straff (V3, R10).",
        None,
        None,
    ),
    (
        Event("reshuffle", count=5, rule="R10"),
        "The talon is empty: the pile's 5 cards under the top are shuffled into a new talon (R10).",
        "Talongen är slut: högens 5 kort under det översta blandas om till en ny talong (R10).",
        None,
        None,
    ),
    (
        Event("lapse", 1, rule="R10"),
        "Nothing is left to draw, so player 2's draw lapses (R10).",
        "Det finns inget kvar att dra, så spelare 2 drar inget kort (R10).",
        None,
        None,
    ),
    (
        Event("starter_back", cards=(C("8♥"),), rule="R11"),
        "8♥ is turned up first; it is an eight, so it is shuffled back into the talon (R11).",
        "8♥ vänds upp först; det är en åtta, så det blandas tillbaka i talongen (R11).",
        None,
        None,
    ),
    (
        Event("starter_back", cards=(C("A♥"),), rule="O2"),
        "A♥ is turned up first; it is a special card, so it is shuffled back into the talon (O2).",
        "A♥ vänds upp först; det är ett specialkort, så det blandas tillbaka i talongen (O2).",
        None,
        None,
    ),
    (
        Event("turn_up", cards=(C("2♦"),)),
        "2♦ is turned up and starts the pile (R2).",
        "2♦ vänds upp och börjar högen (R2).",
        None,
        None,
    ),
    (
        Event("out", 0, rule="R9"),
        "Player 1 goes out and wins the round (R9).",
        "Spelare 1 går ut och vinner omgången (R9).",
        None,
        None,
    ),
    (
        Event("blocked", rule="R10"),
        "Everyone has had a turn and nobody could lay or draw: the round is blocked (R10).",
        "Ingen kunde lägga eller dra på ett helt varv: omgången är låst (R10).",
        None,
        None,
    ),
]


@pytest.mark.parametrize(
    ("event", "en", "sv", "en_hidden", "sv_hidden"), EVENTS, ids=[e[0].kind for e in EVENTS]
)
def test_event_text_in_both_languages(event, en, sv, en_hidden, sv_hidden):
    assert event.text("en") == en
    assert event.text("sv") == sv
    assert event.text("en", hidden=True) == (en_hidden or en)
    assert event.text("sv", hidden=True) == (sv_hidden or sv)
    named = event.text("sv", names=["Anna", "Bo", "Cia"])
    if event.seat is not None:
        assert ["Anna", "Bo", "Cia"][event.seat] in named
        assert "pelare" not in named
    assert not _ENGLISH.search(sv)


def test_every_event_kind_is_covered():
    kinds = {e[0].kind for e in EVENTS}
    assert kinds == {
        "draw",
        "ace_draw",
        "starter_draw",
        "penalty",
        "reshuffle",
        "lapse",
        "starter_back",
        "turn_up",
        "out",
        "blocked",
    }
