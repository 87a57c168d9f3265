"""``python -m evaluation.cluster`` lists the recordings (name, truth, category);
``python -m evaluation.cluster NAME`` prints that recording as JSON (objects, logs,
questions, truth); ``… NAME --bundle`` prints the evidence bundle it is loaded as (for
``load_evidence -``)."""

from __future__ import annotations

import json
import sys

from evaluation.cluster.generate import recording_get, recording_json, recordings


def main(argv: list[str]) -> int:
    if not argv:
        for r in recordings():
            print(f"{r.name}\t{r.truth.kind}/{r.truth.name}\t{r.truth.category}")
        return 0
    try:
        recording = recording_get(argv[0])
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if "--bundle" in argv[1:]:
        from evaluation.cluster.bundle import recording_bundle

        print(json.dumps(recording_bundle(recording), ensure_ascii=False, indent=1))
    else:
        print(json.dumps(recording_json(recording), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
