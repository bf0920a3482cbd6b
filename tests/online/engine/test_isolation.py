"""The engine is pure: it imports the standard library and itself, nothing else."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "online" / "engine"


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    modules = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.append(node.module)
    return modules


def test_the_engine_imports_only_the_standard_library_and_itself():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10
    foreign = []
    for path in files:
        for module in imported_modules(path):
            top = module.split(".")[0]
            if (
                top in sys.stdlib_module_names
                or top == "__future__"
                or module.startswith("online.engine")
                or top == "vocabulary"  # the project's words: standard library only (its own test)
                or top == "native"  # the optional compiled build's loader: standard library only
            ):
                continue
            foreign.append(f"{path.relative_to(ROOT)}: {module}")
    assert not foreign, "\n".join(foreign)


def test_importing_the_engine_loads_no_django():
    script = (
        "import sys, online.engine, online.engine.scenario, online.engine.forum\n"
        "from online.engine.scenario import ForumScenario\n"
        "ForumScenario('cop', 'mafia_goon', 'townie', 'townie').deadline()\n"
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True)
