"""docs/mafia1923-engine.md and docs/mafia1923-rules.md say what the engine does: every event,
command, refusal, option and stage; every test the rules page cites exists."""

import re
from pathlib import Path

from online.engine.commands import RULESET_COMMAND_TYPES
from online.engine.mafia1923 import DAY_ORDER, NIGHT_ORDER, OPTIONS
from online.engine.mafia1923.events import EVENT_FIELDS

ROOT = Path(__file__).resolve().parents[4]
ENGINE_PAGE = (ROOT / "docs" / "mafia1923-engine.md").read_text()
RULES_PAGE = (ROOT / "docs" / "mafia1923-rules.md").read_text()
CODE = re.compile(
    r'"((?:action|actor|command|deal|exile|game|join|modkill|note|setup|slot|strike|vote)\.[a-z][a-z-]*)"'
)


def table_row(key: str) -> str:
    rows = [line for line in ENGINE_PAGE.splitlines() if line.startswith(f"| `{key}` |")]
    assert len(rows) == 1, f"no single table row for {key}"
    return rows[0]


def test_every_event_of_the_ruleset_and_its_fields_are_described():
    for event_type, fields in EVENT_FIELDS.items():
        row = table_row(event_type)
        for field in fields:
            assert f"`{field}`" in row, (event_type, field)


def test_every_command_of_the_ruleset_is_described():
    for name in ("enrol", "act", "cast_votes", "exile", "strike"):
        assert name in RULESET_COMMAND_TYPES
        table_row(name)


def test_every_refusal_code_is_described():
    codes = set()
    for path in (ROOT / "online" / "engine" / "mafia1923").rglob("*.py"):
        codes |= set(CODE.findall(path.read_text()))
    assert len(codes) > 40
    assert sorted(code for code in codes if f"`{code}`" not in ENGINE_PAGE) == []


def test_every_option_is_described():
    for option in OPTIONS:
        assert f"`{option}`" in ENGINE_PAGE, option


def test_the_order_tables_are_the_ones_the_engine_runs():
    night = re.findall(r"^\| (\d+) \| `([a-z]+)` \| [^|]+ \|$", ENGINE_PAGE, re.MULTILINE)
    stages = [stage.id for stage in NIGHT_ORDER] + [stage.id for stage in DAY_ORDER]
    positions = list(range(1, len(NIGHT_ORDER) + 1)) + list(range(1, len(DAY_ORDER) + 1))
    assert [(int(n), s) for n, s in night] == list(zip(positions, stages, strict=True))


def test_every_test_the_rules_page_cites_exists():
    defined = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    cited = set(re.findall(r"`(test_\w+)`", RULES_PAGE))
    assert len(cited) > 90
    assert sorted(cited - defined) == []
