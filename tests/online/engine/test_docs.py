"""The engine's pages say what the engine does: every event, command, refusal, stage and option,
and every test docs/online-rules.md cites exists."""

import re
from pathlib import Path

from online.engine import EVENT_FIELDS
from online.engine.commands import COMMAND_TYPES
from online.engine.forum import NIGHT_ORDER, OPTIONS

ROOT = Path(__file__).resolve().parents[3]
ENGINE_PAGE = (ROOT / "docs" / "online-engine.md").read_text()
RULES_PAGE = (ROOT / "docs" / "online-rules.md").read_text()
RULE_PREFIXES = (
    "action|actor|command|deadline|deal|game|join|modkill|note|phase|prod|publish|replace|setup|"
    "slot|start|time|vote"
)


def table_row(page: str, key: str) -> str:
    rows = [line for line in page.splitlines() if line.startswith(f"| `{key}` |")]
    assert len(rows) == 1, f"no single table row for {key}"
    return rows[0]


def test_every_event_type_and_its_fields_are_described():
    for event_type, fields in EVENT_FIELDS.items():
        row = table_row(ENGINE_PAGE, event_type)
        for field in fields:
            assert f"`{field}`" in row, (event_type, field)


def test_every_command_is_described():
    for name in COMMAND_TYPES:
        table_row(ENGINE_PAGE, name)


def test_every_refusal_code_is_described():
    codes = set()
    for path in (ROOT / "online" / "engine").rglob("*.py"):
        if "mafia1923" in path.parts or "judged_table" in path.parts:
            continue  # their own pages: docs/mafia1923-engine.md, docs/auto-judged-table.md
        codes |= set(re.findall(rf'"((?:{RULE_PREFIXES})\.[a-z][a-z-]*)"', path.read_text()))
    assert len(codes) > 50
    missing = sorted(code for code in codes if f"`{code}`" not in ENGINE_PAGE)
    assert not missing


def test_the_night_order_table_is_the_one_the_engine_runs():
    rows = re.findall(r"^\| (\d) \| `([a-z]+)` \|", ENGINE_PAGE, re.MULTILINE)
    assert [(int(n), stage) for n, stage in rows] == [
        (position, stage.id) for position, stage in enumerate(NIGHT_ORDER, start=1)
    ]


def test_every_option_is_described():
    for option in OPTIONS:
        assert f"`{option}`" in ENGINE_PAGE, option


def test_every_test_the_rules_page_cites_exists():
    defined = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    cited = set(re.findall(r"`(test_\w+)`", RULES_PAGE))
    assert len(cited) > 60
    assert not sorted(cited - defined)
