"""Regression check: the engine's and scoring's answers on a corpus of protocols, as JSON.

Run: .venv/bin/python benchmarks/engine_corpus.py --out before.json [--seeds 3000] [--extra docs.jsonl]

The corpus: the example files (docs/examples), the scenario kit's complete games and the demo's
game in progress (games/engine/examples.py, games/demo.py), and `--seeds` random complete games
(games/engine/simulate.py, fixed seeds, with and without city skill and extra fouls); `--extra`
adds a file of JSON strings, one document per line (e.g. every document a test run replayed).
For each document it writes what the engine answers (the record's fields, the table after every
event's prefix is not needed: the record's per-event queries are) or its refusal, and the
scoring output or its refusal. A refactor that keeps behaviour writes a byte-identical file.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine import ProtocolError, replay  # noqa: E402
from games.engine.examples import full_fiim_game, full_pro_mafia_game  # noqa: E402
from games.engine.simulate import random_game  # noqa: E402
from scoring.engine import ScoringError, score  # noqa: E402

RECORD_FIELDS = (
    "ruleset", "seats", "nominations", "votes", "raises", "nights", "checks", "departures",
    "wills", "fouls", "disqualifications", "dd", "surrender_index", "sheriff_kill_responsible",
    "bonuses", "first_out", "winner", "end", "finished", "end_index", "margin_lost_index",
    "margin_lost_indices", "margin_regained_indices", "phase",
)


def plain(value: object) -> object:
    """A JSON-simple, order-stable form of the record's values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"__type": type(value).__name__} | {
            field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)
            if not field.name.startswith("_")
        }
    if isinstance(value, dict):
        return [[plain(key), plain(item)] for key, item in value.items()]
    if isinstance(value, (frozenset, set)):
        return sorted(plain(item) for item in value)
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    return value


def answer(document: object) -> dict:
    try:
        record = replay(document)
    except ProtocolError as error:
        return {"refused": error.to_dict()}
    out: dict = {field: plain(getattr(record, field)) for field in RECORD_FIELDS}
    events = len(record.events)
    out["alive_after"] = [sorted(record.alive_after(index)) for index in range(-1, events)]
    out["critical_after"] = [record.critical_after(index) for index in range(-1, events)]
    out["result"] = record.to_result()
    out["table"] = plain(record.current)
    try:
        out["score"] = score(record).to_dict()
    except ScoringError as error:
        out["score_refused"] = [error.rule, str(error)]
    return out


def demo_in_progress() -> dict:
    """The demo's game in progress (games/demo.py): dealt, Day 1 under way."""
    document = full_pro_mafia_game().build()
    document["events"] = [
        {"type": "foul", "day": 1, "seat": 4, "kind": "ordinary"},
        {"type": "nominate", "day": 1, "by": 1, "target": 6},
        {"type": "nominate", "day": 1, "by": 3, "target": 9},
    ]
    return document


def corpus(seeds: int, extra: list[Path]) -> list[tuple[str, object]]:
    documents: list[tuple[str, object]] = []
    for path in sorted((ROOT / "docs" / "examples").glob("*.json")):
        documents.append((f"docs/examples/{path.name}", path.read_text()))
    documents.append(("examples.full_pro_mafia_game", full_pro_mafia_game().build()))
    documents.append(("examples.full_fiim_game", full_fiim_game().build()))
    documents.append(("demo.in_progress", demo_in_progress()))
    for seed in range(seeds):
        skill, fouls = ((0.0, 0), (0.6, 0), (0.3, 2))[seed % 3]
        documents.append((f"simulate:{seed}", random_game(seed, city_skill=skill, fouls_per_phase=fouls)))
    for path in extra:
        for number, line in enumerate(path.read_text().splitlines()):
            documents.append((f"{path.name}:{number}", json.loads(line)))
    return documents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--seeds", type=int, default=3000)
    parser.add_argument("--extra", type=Path, action="append", default=[])
    args = parser.parse_args()
    documents = corpus(args.seeds, args.extra)
    refused = 0
    with args.out.open("w") as out:
        for name, document in documents:
            result = answer(document)
            refused += "refused" in result
            text = json.dumps(result, sort_keys=True, ensure_ascii=False)
            out.write(json.dumps(name) + "\t" + text + "\n")
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"{len(documents)} protocols ({refused} refused); sha256 {digest}")


if __name__ == "__main__":
    main()
