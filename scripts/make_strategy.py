"""Compute lesson 11's figures, vandatta/ai/strategy.json, from their seeds (or check them).

    python scripts/make_strategy.py            # play every idea's tournament, review the round, write the file
    python scripts/make_strategy.py --check    # play them all again and compare with the file; exit 1 if it differs
    python scripts/make_strategy.py --quick    # play only the first rounds of each run again (what the tests do)
    python scripts/make_strategy.py --review   # review the round again and write it, keeping the tournaments

Each idea of ``vandatta.ai.strategy.IDEAS`` is a tournament of 20,000 rounds between two
computer players that differ in that idea alone, each deal played twice with the seats
swapped; the file keeps its summary (win shares with 95% intervals) and the tally of its first
200 rounds, which ``tests/ai/test_strategy.py`` plays again. It also keeps the round the lesson
reviews, with its review. Everything is seeded: the same code gives the same file. About ten
minutes of one core; ``--workers`` shares the tournaments between processes (the figures do not
depend on it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vandatta.ai import strategy  # noqa: E402

TARGET = ROOT / "vandatta" / "ai" / strategy.DATA_FILE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compute again and compare with the file")
    parser.add_argument("--quick", action="store_true", help="play the first rounds of each run again")
    parser.add_argument(
        "--review",
        action="store_true",
        help="review the round again (after a change to the search); keep the rest",
    )
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    args = parser.parse_args(argv)
    if args.review:
        data = strategy.load_strategy()
        data["review"] = strategy.review_part(workers=args.workers)
        TARGET.write_text(strategy.dump_strategy(data), encoding="utf-8")
        print(f"wrote the reviewed round into {TARGET.relative_to(ROOT)}")
        return 0
    if args.quick:
        problems = [p for key in strategy.IDEAS for p in strategy.check_run(key, workers=args.workers)]
        print(
            "\n".join(problems) or f"{TARGET.relative_to(ROOT)}: the first rounds of every run are reproduced"
        )
        return 1 if problems else 0
    started = time.perf_counter()

    def progress(key: str, done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\r{key}: {done}/{total} rounds", end=end, file=sys.stderr, flush=True)

    data = strategy.make_strategy(workers=args.workers, progress=progress)
    text = strategy.dump_strategy(data)
    seconds = time.perf_counter() - started
    for key, result in data["ideas"].items():
        shares = ", ".join(
            f"{e['label']} {100 * e['win_rate']:.1f}% ({100 * e['ci95'][0]:.1f}–{100 * e['ci95'][1]:.1f})"
            for e in result["entries"]
        )
        print(f"{key}: {result['games']} rounds: {shares}")
    if args.check:
        same = TARGET.is_file() and TARGET.read_text(encoding="utf-8") == text
        print(
            f"{TARGET.relative_to(ROOT)}: {'up to date' if same else 'DIFFERS from its seeds'} ({seconds:.0f} s)"
        )
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
