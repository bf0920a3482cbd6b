"""docs/auto-judged-table.md says what the judge does: every refusal code, and every test it
cites exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
PAGE = (ROOT / "docs" / "auto-judged-table.md").read_text()
ENGINE = ROOT / "online" / "engine" / "judged_table"


def test_every_refusal_code_is_described():
    source = "\n".join(path.read_text() for path in ENGINE.glob("*.py"))
    codes = set(re.findall(r'TableError\(\s*"([a-z]+\.[a-z-]+)"', source))
    for rule in ("check", "claim", "kill"):
        for suffix in re.findall(r'f"\{rule\}\.([a-z-]+)"', source):
            codes.add(f"{rule}.{suffix}")
    codes |= {f"config.{name}" for name in re.findall(r'"config\.([a-z-]+)"', source)}
    assert len(codes) > 25
    missing = sorted(code for code in codes if f"`{code}`" not in PAGE)
    assert not missing


def test_every_test_the_page_cites_exists():
    defined = set()
    for path in (ROOT / "tests" / "online").rglob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    cited = {name.rstrip("_") for name in re.findall(r"`(test_\w+)", PAGE)}
    assert len(cited) > 40
    unknown = sorted(name for name in cited if not any(test.startswith(name) for test in defined))
    assert not unknown
