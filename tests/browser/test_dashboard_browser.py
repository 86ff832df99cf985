"""The dashboard in a real browser, served the way ``vandatta dashboard`` serves it
(:func:`vandatta_widgets.server.serve.dashboard_command`: notebooks/dashboard.ipynb with the settings of
voila.json, sources stripped, tracebacks hidden; only the culling window is shortened),
driven by Playwright in Debian's Chromium."""

from __future__ import annotations

import json
import re

from vandatta import Rules, play_game
from vandatta.record import write_record
from vandatta_widgets.app.dashboard import SAMPLE, computer_players
from vandatta_widgets.lessons.chips import uncited

from .conftest import continue_until_persons_turn

READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"
EXPLAIN = ".vd-replay .vd-rp-explain"

# The game the test asks for in the New game panel, rebuilt here to know what the page must say.
NEW_SEED = 7
NEW_KINDS = ["expert", "random", "beginner", "expert"]
NEW_RULES = Rules.parse("v1")
NEW_GAME = play_game(computer_players(NEW_KINDS, NEW_SEED), seed=NEW_SEED, rules=NEW_RULES)
N = NEW_GAME.ply
WORDS = {"expert": "expert", "random": "slumpspelare", "beginner": "nybörjare"}
SAMPLE_GAME = play_game(computer_players(list(SAMPLE["players"]), SAMPLE["seed"]), seed=SAMPLE["seed"])


def open_dashboard(page, url: str) -> None:
    """Open the dashboard and show its replay (the page opens on "Spela", something to do)."""
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".vd-dash .vd-db-tabs", timeout=120_000)
    if not page.locator(READY).is_visible():
        page.locator(".vd-db-tabs").get_by_role("tab", name="Repris", exact=True).click()
    page.wait_for_selector(READY, timeout=120_000)


def wait_label(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=text,
        timeout=timeout,
    )


def wait_explained(page, text: str, timeout: float = 30_000) -> str:
    """Wait until the explanation holds ``text`` (the label can arrive a moment before it)."""
    page.wait_for_function(
        "(t) => (document.querySelector('.vd-replay .vd-rp-explain')?.innerText || '')"
        ".replace(/\\s+/g, ' ').includes(t)",
        arg=text,
        timeout=timeout,
    )
    return squash(page.locator(EXPLAIN).inner_text())


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def verdict(ply: int):
    return NEW_GAME.replay(ply - 1).check(NEW_GAME.moves[ply - 1])


def told(ply: int, lang: str) -> str:
    """The engine's explanation of move ``ply`` as the replay tells it: about the player."""
    before = NEW_GAME.replay(ply - 1)
    return squash(
        " ".join(uncited(verdict(ply).lines(lang, player=before.player_name(before.to_move, lang)))[0])
    )


def svg_titles(page) -> list[str]:
    """The text alternatives of the table's pictures (cards, seats)."""
    return page.eval_on_selector_all(f"{READY} title", "els => els.map(e => e.textContent)")


def tab(page, title: str):
    return page.locator(".vd-db-tabs").get_by_role("tab", name=title, exact=True)


def test_dashboard_new_game_steps_language_and_a_bad_upload(page, dashboard_url, tmp_path):
    from playwright.sync_api import expect  # (the browser fixture has checked it is there)

    open_dashboard(page, dashboard_url)

    # the sample game: real cards with their names, ready to step, in Swedish
    wait_label(page, f"Drag 0 av {SAMPLE_GAME.ply}")
    titles = svg_titles(page)
    assert any(re.fullmatch(r"(spader|hjärter|ruter|klöver) \w+", x) for x in titles), titles[:10]
    expect(page.locator(".vd-db-caption")).to_contain_text("Exempelomgång · spelnummer 41", timeout=30_000)
    expect(page.locator(".vd-db-tabs .lm-TabBar-tab")).to_have_text(
        ["Min väg", "Repris", "Ny omgång", "Spela", "Spelet till 100", "Pussel", "Spela med andra"],
        timeout=30_000,
    )
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Drag 1 av {SAMPLE_GAME.ply}")
    assert page.locator(".vd-replay .vd-rp-language").is_hidden(), "one language switch for the page"
    assert page.locator(".jp-InputArea-editor").count() == 0, "sources are stripped"

    # a new round played by the computer players: game number 7, four players, who sits where, V1
    tab(page, "Ny omgång").click()
    page.locator(".vd-db-start").wait_for(state="visible")
    page.locator(".vd-st-who button", has_text="Bara datorspelare").click()
    page.locator(".vd-db-seat-1 select").wait_for(state="visible")
    seed = page.locator(".vd-db-seed input")
    seed.fill(str(NEW_SEED))
    seed.press("Enter")
    page.locator(".vd-db-players button", has_text="4").click()
    page.locator(".vd-db-seat-4 select").wait_for(state="visible")
    for seat, kind in enumerate(NEW_KINDS, 1):
        page.locator(f".vd-db-seat-{seat} select").select_option(label=WORDS[kind])
    page.locator(".vd-db-variant-v1 input").check()
    page.locator(".vd-db-start").click()
    wait_label(page, f"Drag 0 av {N}")
    expect(page.locator(".vd-db-caption")).to_contain_text(
        "Ny omgång · spelnummer 7 · 4 spelare", timeout=30_000
    )
    caption = page.locator(".vd-db-caption").inner_text()
    assert "expert, slumpspelare, nybörjare, expert" in caption and "V1" in caption
    expect(page.locator(".vd-db-msg.vd-db-ok")).to_contain_text(
        f"✓ Datorspelarna har spelat en ny omgång på {N} drag", timeout=30_000
    )
    assert any(x.startswith("Spelare 4") for x in svg_titles(page)), svg_titles(page)[:20]

    # stepping changes the explanation, which is the engine's and names its rule ids
    start = squash(page.locator(EXPLAIN).inner_text())
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Drag 1 av {N}")
    first = wait_explained(page, told(1, "sv"))
    assert first != start
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Drag 2 av {N}")
    second = wait_explained(page, told(2, "sv"))
    assert second != first
    badges = page.locator(f"{EXPLAIN} .vd-rule")
    ids = [badges.nth(i).get_attribute("data-rule") for i in range(badges.count())]
    assert ids and all(re.fullmatch(r"[RVSO]\d+", x or "") for x in ids)
    assert set(verdict(2).rules) <= set(ids)

    # the language switch changes the words in place
    next_button = page.locator(".vd-replay .vd-rp-next")
    assert "Nästa" in next_button.inner_text()
    page.locator(".vd-db-language button", has_text="English").click()
    wait_label(page, f"Move 2 of {N}")
    assert "Next" in next_button.inner_text() and "Nästa" not in next_button.inner_text()
    wait_explained(page, told(2, "en"))
    expect(page.locator(".vd-db-tabs .lm-TabBar-tab")).to_have_text(
        ["My path", "Replay", "New round", "Play", "The game to 100", "Puzzles", "Play with others"],
        timeout=30_000,
    )
    expect(page.locator(".vd-db-caption")).to_contain_text(
        "New round · game number 7 · 4 players", timeout=30_000
    )
    expect(page.locator(".vd-db-msg")).to_contain_text(
        f"✓ The computer players have played a new round of {N} moves", timeout=30_000
    )
    assert any(x.startswith("Player 4") for x in svg_titles(page))

    # a bad upload: a record whose move 5 is not allowed
    record = write_record(NEW_GAME)
    before5 = NEW_GAME.replay(4)
    bad = next(c for c in [*map(str, before5.hand(before5.to_move)), "K♠", "2♥"] if not before5.is_legal(c))
    record["moves"][4] = bad
    path = tmp_path / "fusk.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    tab(page, "New round").click()
    # the picker's <input type=file> is hidden behind its button: answer its file chooser
    with page.expect_file_chooser() as chooser:
        page.locator(".vd-db-upload button").click()
    chooser.value.set_files(str(path))
    error = page.locator(".vd-db-msg.vd-db-error")
    error.wait_for(timeout=30_000)
    text = squash(error.inner_text())
    assert text.startswith("⚠ The file “fusk.json” could not be opened: move 5")
    why = squash(before5.check(bad).text("en", player=before5.player_name(before5.to_move, "en")))
    assert f"move 5 (“{bad}”) is not allowed: {why}" in text
    assert text.endswith("The round shown before is still there.")

    # ... and the page still works with the game it showed
    tab(page, "Replay").click()
    wait_label(page, f"Move 2 of {N}")
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Move 3 of {N}")
    wait_explained(page, told(3, "en"))
    assert page.errors == []


def test_dashboard_play_and_match_tabs(page, dashboard_url):
    open_dashboard(page, dashboard_url)
    tab(page, "Spela").click()
    page.locator(".vd-db-play .vd-play .vd-hand [data-index]").first.wait_for(timeout=60_000)
    assert page.locator(".vd-db-play .vd-play button", has_text="Lägg kort").count() == 1
    tab(page, "Spelet till 100").click()
    page.locator(".vd-db-match .vd-scoreboard").wait_for(timeout=60_000)
    assert "Poängtavla" in page.locator(".vd-db-match .vd-scoreboard").inner_text()
    page.locator(".vd-db-language button", has_text="English").click()
    page.locator(".vd-db-match .vd-scoreboard", has_text="Score board").wait_for()
    tab(page, "Play").click()
    page.locator(".vd-db-play .vd-play button", has_text="Lay cards").wait_for()
    assert page.errors == []


def test_dashboard_one_settings_flow_asks_before_throwing_a_round_away(page, dashboard_url):
    """The New round form starts a round where it is played; starting anew during a round asks
    first; a message from one tab is not carried to the next; autoplay reads "▶ Spela upp"."""
    from playwright.sync_api import expect

    open_dashboard(page, dashboard_url)
    expect(page.locator(".vd-replay .vd-rp-play")).to_have_text("▶ Spela upp", timeout=30_000)
    tab(page, "Ny omgång").click()
    start = page.locator(".vd-db-start")
    start.wait_for(state="visible")
    expect(start).to_have_text("Spela ▶")
    chosen = page.locator(".vd-st-who button.mod-active")
    expect(chosen).to_have_text("Jag mot datorn")
    expect(page.locator(".vd-st-you")).to_contain_text("Spelare 1: du")
    assert page.locator(".vd-db-seat-1 select").is_hidden(), "seat 1 is you"
    assert page.locator(".vd-db-variant-o3").is_hidden(), "O3 belongs to the game to 100"
    page.locator(".vd-db-variant-v3 input").check()
    current = page.locator(".vd-db-tabs .lm-TabBar-tab.lm-mod-current")
    question = page.locator(".vd-settings .vd-confirm")
    start.click()
    # A round the page dealt under "Spela" by itself is thrown away only when asked: whether it
    # has moves yet depends on the computers' clock, so either answer is waited for (both stay).
    page.wait_for_function(
        """() => document.querySelector('.vd-db-tabs .lm-TabBar-tab.lm-mod-current')?.textContent === 'Spela'
          || (document.querySelector('.vd-settings .vd-confirm')?.offsetParent ?? null) !== null""",
        timeout=60_000,
    )
    if question.is_visible():
        question.get_by_role("button", name="Ja, börja en ny").click()
    # the round is dealt under "Spela", with the rules in force on the table
    play = page.locator(".vd-db-play .vd-play")
    play.locator(".vd-hand [data-index]").first.wait_for(timeout=60_000)
    expect(current).to_have_text("Spela", timeout=30_000)
    expect(play.locator(".vd-rules")).to_contain_text("V3 · Lappen")
    # make the round begin: the computer players move (by themselves or on "Fortsätt"), the
    # child draws a card
    status, last = play.locator(".vd-status"), play.locator(".vd-last")
    continue_until_persons_turn(page, ".vd-db-play .vd-play")
    play.get_by_role("button", name="Dra ett kort").click()
    # What stays: the child's own last move (its ply, until the child moves again, whatever the
    # computers do) and — the child still to move after a draw — the status showing that ply.
    # The status and the last move are two widgets: one can show the draw before the other.
    page.wait_for_function(
        """(play) => {
          const last = document.querySelector(play + ' .vd-last'), status = document.querySelector(play + ' .vd-status');
          return last && status && last.dataset.ply !== '' && status.dataset.ply === last.dataset.ply
            && status.dataset.turn === 'human';
        }""",
        arg=".vd-db-play .vd-play",
        timeout=30_000,
    )
    ply = last.get_attribute("data-ply")
    assert ply != "0"
    # "Andra spelare eller regler …" leads to the form; starting anew asks first
    page.locator(".vd-db-play-change").click()
    start.wait_for(state="visible")
    start.click()
    expect(question).to_contain_text("Du har en omgång på gång under ”Spela”", timeout=30_000)
    question.get_by_role("button", name="Nej, spela vidare").click()
    question.wait_for(state="hidden")
    tab(page, "Spela").click()
    expect(last).to_have_attribute("data-ply", ply)  # the round is still there: the child's draw last
    expect(status).to_have_attribute("data-ply", ply)  # and nobody moved since (the child's turn)
    tab(page, "Ny omgång").click()
    start.click()
    question.get_by_role("button", name="Ja, börja en ny").click()
    expect(current).to_have_text("Spela", timeout=30_000)
    # a new round: the child has no move in it (this stays until the child moves; the status's
    # ply 0 lasts only until the first computer moves by itself)
    expect(last).to_have_attribute("data-ply", "", timeout=30_000)
    # a message belongs to the tab where it was said
    tab(page, "Ny omgång").click()
    page.locator(".vd-st-who button", has_text="Bara datorspelare").click()
    expect(start).to_have_text("Låt datorspelarna spela ▶")
    start.click()
    message = page.locator(".vd-db-msg.vd-db-ok")
    expect(message).to_contain_text("Datorspelarna har spelat en ny omgång", timeout=60_000)
    assert "Klart" not in message.inner_text()
    tab(page, "Spela").click()
    message.wait_for(state="detached", timeout=30_000)
    assert page.errors == []
