"""The learner's memory with a school year of answers (issue 41's figures):

- the path page's data from 20,000 events: the device's storage read back (unpacked, every
  event replayed into mastery, practice, rating, stars) and the path computed — target 1 s
  for the whole page, so the model should take far less;
- keeping one answer with those 20,000 already kept: the engine judges the move, the event is
  kept, and the storage texts to write are made (one chunk re-packed) — target 20 ms;
- a year's record on the device: the storage texts' size — target 1 MB (1,000,000 bytes;
  the texts are ASCII, so bytes and characters are the same), and the export file's size.

A year is made up, seeded: 180 school days, about 110 answers a day — mostly moves in rounds
against the computer (each a position of 2–7 cards), exercises and quiz questions of the 11
lessons, puzzle tries, practice drills, with about 8 % of moves not allowed and some review
mistakes. Times are medians of ``--runs`` runs.

    python benchmarks/bench_learner.py [--runs 7] [--events 20000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import datetime, timezone

from vandatta import Game
from vandatta.cards import standard_deck
from vandatta_widgets.learner.events import Event
from vandatta_widgets.learner.path import LessonPlan
from vandatta_widgets.learner.rating import puzzle_ratings
from vandatta_widgets.learner.store import CHUNK, Device

START = 1_756_000_000  # late August: a school year starts
RULES = ("R4", "R4", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "V1", "V2", "V3")


def year(n: int, device_id: str, rng: random.Random) -> list[Event]:
    deck = standard_deck()
    puzzles = sorted(puzzle_ratings())
    events = []
    per_day = max(1, n // 180)
    for seq in range(1, n + 1):
        day = (seq - 1) // per_day
        at = START + day * 86_400 + 15 * 3600 + (seq % per_day) * 25
        hand = " ".join(c.ascii for c in rng.sample(deck, rng.randint(2, 7)))
        top = rng.choice(deck).ascii
        roll = rng.random()
        rule = rng.choice(RULES)
        if roll < 0.70:
            kind, item, lesson = "round", f"g{seq // 30}:{seq % 30}", 0
            outcome = rng.choices(["right", "not_allowed", "mistake"], [90, 8, 2])[0]
        elif roll < 0.82:
            kind, lesson = rng.choice(["exercise", "quiz"]), min(11, 1 + day * 11 // 180)
            item = f"{kind[:2]}{rng.randint(1, 6)}"
            outcome = rng.choices(["right", "allowed", "not_allowed"], [70, 15, 15])[0]
        elif roll < 0.94:
            kind, item, lesson = "puzzle", rng.choice(puzzles), 0
            outcome = rng.choices(["right", "allowed", "not_allowed"], [60, 30, 10])[0]
        else:
            kind, item, lesson = "drill", rule, 0
            outcome = rng.choices(["right", "not_allowed"], [80, 20])[0]
        move = hand.split()[0] if rng.random() < 0.9 else "draw"
        events.append(
            Event(
                device_id,
                seq,
                at,
                kind,
                outcome,
                (rule,),
                lesson=lesson,
                item=item,
                position=f"{hand}|{top}",
                move=move,
            )
        )
    return events


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--events", type=int, default=20_000)
    args = parser.parse_args()

    plan = LessonPlan(
        {n: tuple(f"{kind}{i}" for kind in ("ex", "qu") for i in range(1, 7)) for n in range(1, 12)}
    )
    device = Device(device_id="benchdev01", plan=plan)
    device.add_profile("Alva", "fox", profile_id="a1", created=START)
    for event in year(args.events, device.device_id, random.Random(2026)):
        device.keep("a1", event)
    stored = device.storage()
    now = datetime.fromtimestamp(START + 181 * 86_400 + 15 * 3600, tz=timezone.utc)

    open_times, open_cpu, path_times = [], [], []
    for _ in range(args.runs):
        c0, t0 = time.process_time(), time.perf_counter()
        loaded = Device.from_storage(stored, plan=plan)
        t1 = time.perf_counter()
        path = loaded.learner("a1").path(now)
        t2 = time.perf_counter()
        open_times.append(t2 - t0)
        open_cpu.append(time.process_time() - c0)
        path_times.append(t2 - t1)
    assert len(loaded.learner("a1").events) == args.events

    game = Game.from_position(hands=["7♥ K♠ 2♣", "5♦"], top="7♣", talon="9♠ 4♦ 3♥")
    keep_times = []
    device.saved(device.changes())
    # the worst case: each answer fills the open chunk to CHUNK events, so all of it is re-packed
    while len(device.learner("a1").events) % CHUNK != CHUNK - 1:
        device.answer("a1", game, "7♥", kind="round", asked=True, item="fill")
    device.saved(device.changes())
    for i in range(max(args.runs, 15)):
        t0 = time.perf_counter()
        device.answer("a1", game, "K♠" if i % 3 else "7♥", kind="exercise", asked=True, lesson=2, item="ex1")
        changes = device.changes()
        device.saved(changes)
        keep_times.append(time.perf_counter() - t0)
        for _ in range(CHUNK - 1):  # (not timed) back to a full open chunk
            device.answer("a1", game, "7♥", kind="round", asked=True, item="fill")
        device.saved(device.changes())

    size = sum(len(text.encode("utf-8")) for text in device.storage().values())
    file_size = len(device.export_profile("a1").encode("utf-8"))

    def verdict(value: float, target: float) -> str:
        return "MET" if value <= target else "MISSED"

    opened = statistics.median(open_times)
    kept = statistics.median(keep_times)
    cpu = statistics.median(open_cpu)
    print(f"events: {args.events}, runs: {args.runs} (medians)")
    print(
        f"  path from storage: {opened * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU (the path itself "
        f"{statistics.median(path_times) * 1000:.1f} ms) — target 1000 ms: {verdict(opened, 1.0)} "
        f"(CPU {verdict(cpu, 1.0)}; wall time also counts other work on a shared machine)"
    )
    print(
        f"  keep one answer:   {kept * 1000:.1f} ms (engine verdict, keep, re-pack a full chunk of {CHUNK})"
        f" — target 20 ms: {verdict(kept, 0.020)}"
    )
    print(
        f"  a year on the device: {size / 1e6:.3f} MB in {len(stored)} keys — target 1 MB: {verdict(size, 1e6)}"
    )
    print(f"  export file (JSON): {file_size / 1e6:.3f} MB")
    print(
        f"  path: {sum(s.stars for s in path.lessons)} stars, {path.practice_today} to practise today, "
        f"rating {path.rating.rating:.0f}, streak {path.streak}, days {path.days}"
    )


if __name__ == "__main__":
    main()
