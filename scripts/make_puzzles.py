"""Write the shipped puzzles, vandatta/ai/puzzles.json, from their recipe (or check it).

    python scripts/make_puzzles.py          # regenerate and write the file
    python scripts/make_puzzles.py --check  # regenerate and compare; exit 1 if it differs

Every puzzle is made by ``vandatta.make_puzzle(kind, seed=…, level=…)`` for the cells of
``vandatta.ai.puzzles.RECIPE``; each has exactly one answer, proved by trying every line of
the turn in every order of the hidden cards (see the module's docstring).
``tests/ai/test_puzzles.py`` does the same comparison. The script says how many puzzles each
level has and how long making them took.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vandatta.ai import puzzles  # noqa: E402

TARGET = ROOT / "vandatta" / "ai" / puzzles.DATA_FILE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    made = puzzles.puzzle_set()
    seconds = time.perf_counter() - start
    levels = Counter(p.level for p in made)
    print(
        f"made {len(made)} puzzles in {seconds:.1f} s from {sum(p.tries for p in made)} positions tried; "
        + ", ".join(f"level {level}: {levels[level]}" for level in puzzles.LEVELS)
    )
    text = puzzles.dump_puzzles(made)
    if args.check:
        same = TARGET.is_file() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.relative_to(ROOT)}: {'up to date' if same else 'DIFFERS from its recipe'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(made)} puzzles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
