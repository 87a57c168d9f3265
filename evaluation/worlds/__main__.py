"""``python -m evaluation.worlds NAME`` — print world NAME's bundle as JSON."""

from __future__ import annotations

import json
import sys

from evaluation.worlds import WORLDS


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in WORLDS:
        sys.stderr.write(f"usage: python -m evaluation.worlds {{{'|'.join(WORLDS)}}}\n")
        return 2
    sys.stdout.write(json.dumps(WORLDS[argv[0]].build(), ensure_ascii=False, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
