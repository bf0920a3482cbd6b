"""The apps' imports point one way (docs/architecture.md): this reads every module's imports with
``ast`` (those inside functions too) and fails on

(a) an import circle between modules of different apps,
(b) an import against the allowed direction between apps,
(c) a pure engine that imports Django or a module of the site.

The one allowance (docs/architecture.md, "Models"): an app may import the ``models`` module of an
app that its own models reach by foreign keys, since its rows point at those rows anyway (a game
belongs to a tournament). It covers models only: a service, selector or view of an upper app is
never imported from below.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from django.apps import apps as django_apps

ROOT = Path(__file__).resolve().parents[2]

# Each app and the apps it may import: the allowed direction, lowest first (docs/architecture.md).
# ``vocabulary`` (the words every part spells alike) sits below everything, when it is there, and so
# does ``native`` (the loader of the optional compiled modules, which imports nothing of the site).
ALLOWED: dict[str, set[str]] = {
    "vocabulary": set(),
    "native": set(),
    "core": set(),
    "clubs": {"core"},
    "games": {"core", "clubs"},
    "online": {"core", "clubs", "games"},
    "discipline": {"core", "clubs", "games"},
    "scoring": {"core", "clubs", "games", "discipline"},
    "tournaments": {"core", "clubs", "games", "discipline", "scoring"},
    "ratings": {"core", "clubs", "games", "scoring"},
    "records": {"core", "clubs", "games", "scoring", "tournaments", "ratings", "discipline", "online"},
    "leagues": {"core", "clubs", "games", "tournaments"},
    "seasons": {"core", "clubs", "games", "scoring", "tournaments", "ratings", "discipline", "online", "records"},
    "config": {"core", "clubs", "games", "online", "discipline", "scoring", "tournaments", "ratings",
               "records", "leagues", "seasons"},
}
APPS = tuple(app for app in ALLOWED if (ROOT / app).is_dir())
for _app_name in ALLOWED:
    if _app_name not in ("vocabulary", "native"):
        ALLOWED[_app_name] |= {"vocabulary", "native"}
# Pure Python: no Django, nothing of the site but the pure packages listed with each.
PURE = {
    "vocabulary": (),
    "native": (),
    "games.engine": ("vocabulary", "native"),
    "scoring.engine": ("games.engine", "vocabulary"),
    "ratings.engine": (),
    "tournaments.seating": (),
    "online.engine": ("vocabulary", "native"),
    "records.engine": ("games.engine", "scoring.engine", "vocabulary"),
    "leagues.engine": (),
    "seasons.engine": ("records.engine", "ratings.engine", "scoring.engine", "games.engine", "vocabulary"),
}
PURE = {package: allowed for package, allowed in PURE.items() if (ROOT / package.replace(".", "/")).is_dir()}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                found[_module_name(path)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[str, int]]:
    """(imported name, line) for every import in the module, absolute; relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append((base, node.lineno))
            found.extend((f"{base}.{alias.name}", node.lineno) for alias in node.names)
    return found


def _site_module(imported: str) -> str | None:
    """The site's module an import names (``from a.b import c``: a.b.c if a module, else a.b)."""
    while imported and imported not in MODULES:
        imported = imported.rpartition(".")[0]
    return imported or None


def _graph() -> dict[str, dict[str, int]]:
    graph: dict[str, dict[str, int]] = defaultdict(dict)
    for name, path in MODULES.items():
        for imported, line in _imports(name, path):
            target = _site_module(imported)
            if target is not None and target != name:
                graph[name].setdefault(target, line)
    return graph


GRAPH = _graph()


def _app(module: str) -> str:
    return module.split(".")[0]


def _models_reach() -> dict[str, set[str]]:
    """For each app, the apps its models reach through foreign keys (transitively)."""
    direct: dict[str, set[str]] = defaultdict(set)
    for model in django_apps.get_models():
        for field in model._meta.get_fields():
            related = getattr(field, "related_model", None)
            if field.is_relation and field.concrete and related is not None and not field.auto_created:
                direct[model._meta.app_label].add(related._meta.app_label)
    reach = {}
    for app in APPS:
        seen, todo = set(), list(direct.get(app, ()))
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo.extend(direct.get(other, ()))
        reach[app] = seen - {app}
    return reach


def test_every_module_of_an_app_is_read():
    assert {"games.services", "core.outbox", "discipline.services", "ratings.services",
            "tournaments.standings.store", "online.engine"} <= MODULES.keys()
    assert GRAPH["games.services"], "the imports of games.services were not found"


def test_imports_follow_the_allowed_direction_between_apps():
    reach = _models_reach()
    against = []
    for module, targets in sorted(GRAPH.items()):
        source = _app(module)
        for target, line in sorted(targets.items()):
            other = _app(target)
            if other == source or other in ALLOWED[source]:
                continue
            if target == f"{other}.models" and other in reach.get(source, ()):
                continue  # the models its own rows point at (the module's docstring)
            against.append(f"{MODULES[module].relative_to(ROOT)}:{line}: {module} imports {target}")
    assert not against, "imports against the allowed direction (docs/architecture.md):\n" + "\n".join(against)


def _cycles_across_apps() -> list[list[str]]:
    """Tarjan's strongly connected components of the module graph that span two apps or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    counter = [0]

    def visit(node: str) -> None:
        work = [(node, iter(GRAPH.get(node, ())))]
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        while work:
            current, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(GRAPH.get(child, ()))))
                elif child in on_stack:
                    low[current] = min(low[current], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[current])
            if low[current] == index[current]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == current:
                        break
                components.append(sorted(component))

    for module in sorted(MODULES):
        if module not in index:
            visit(module)
    return [component for component in components if len({_app(m) for m in component}) > 1]


def test_no_import_circle_between_modules_of_different_apps():
    cycles = _cycles_across_apps()
    assert not cycles, "import circles across apps:\n" + "\n".join(" ↔ ".join(c) for c in cycles)


def test_the_circle_finder_finds_a_circle(monkeypatch):
    """The check above can fail: a circle added to the graph is found."""
    graph = {module: dict(targets) for module, targets in GRAPH.items()}
    graph.setdefault("clubs.models", {})["games.services"] = 1  # games.services imports clubs.models
    monkeypatch.setattr(__import__(__name__, fromlist=["GRAPH"]), "GRAPH", graph)
    assert any({"clubs.models", "games.services"} <= set(cycle) for cycle in _cycles_across_apps())


@pytest.mark.parametrize("package", sorted(PURE))
def test_the_pure_engines_import_neither_django_nor_the_site(package):
    allowed = (package, *PURE[package])
    bad = []
    for name, path in MODULES.items():
        if name != package and not name.startswith(package + "."):
            continue
        for imported, line in _imports(name, path):
            top = imported.split(".")[0]
            inside = any(imported == p or imported.startswith(p + ".") for p in allowed)
            if top == "django" or (top in APPS and not inside):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {imported}")
    assert not bad, f"{package} must stay pure Python:\n" + "\n".join(bad)


# --- online play's packages (docs/architecture.md, "Online play") -----------------------------
# One app, ``online``: the shared core and one package per game beside it. A game's package may
# import the core and the shared packages (the bots and agents, the pure engine), never another
# game's package; the core and the agents import no game's package. The app's root modules
# (models, urls, apps, tasks, demo, the template tags and the commands) put the packages together.
ONLINE_GAMES = ("online.forum", "online.mafia1923", "online.table", "online.simulations")
ONLINE_SHARED = ("online.core", "online.agents")
GAME_WORDS = ("forum", "mafia1923", "1923", "table", "simulation")


def _online_package(module: str) -> str | None:
    for package in (*ONLINE_SHARED, *ONLINE_GAMES):
        if module == package or module.startswith(package + "."):
            return package
    return None


def _across_online_packages(graph: dict[str, dict[str, int]]) -> list[str]:
    """Each import of a game's package from another game's package, or from the shared ones."""
    found = []
    for module, targets in sorted(graph.items()):
        source = _online_package(module)
        if source is None:
            continue
        for target, line in sorted(targets.items()):
            other = _online_package(target)
            if other in ONLINE_GAMES and other != source:
                found.append(f"{module}:{line} imports {target}")
    return found


def test_every_online_package_is_read():
    for package in (*ONLINE_SHARED, *ONLINE_GAMES):
        assert any(_online_package(module) == package and module != package for module in MODULES), package
        assert GRAPH.get(f"{package}.views") or package in ONLINE_SHARED or GRAPH.get(f"{package}.services"), package


def test_a_games_package_never_imports_another_games_and_the_core_none():
    found = _across_online_packages(GRAPH)
    assert not found, "imports across online games' packages (docs/architecture.md):\n" + "\n".join(found)


@pytest.mark.parametrize(("module", "target"), [
    ("online.forum.views", "online.mafia1923.services"),  # a game imports another game
    ("online.simulations.services", "online.table.play"),
    ("online.core.play", "online.mafia1923.play"),  # the core imports a game
    ("online.agents.simulate", "online.simulations.models"),
])
def test_the_package_check_finds_an_import_across_games(module, target):
    """The check above can fail: an import edge added to the graph is found."""
    graph = {source: dict(targets) for source, targets in GRAPH.items()}
    assert not any(line.startswith(f"{module}:") and line.endswith(target) for line in _across_online_packages(graph))
    graph.setdefault(module, {})[target] = 1
    assert f"{module}:1 imports {target}" in _across_online_packages(graph)


def test_no_module_of_online_play_is_named_after_a_game():
    """A game's files live in its package, named without the game (views.py, not
    mafia1923_views.py); the template tag libraries and the commands keep the names templates
    and operators use."""
    kept = {"templatetags", "management", "migrations", "engine"}
    named = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "online").rglob("*.py"))
             if not kept & set(path.relative_to(ROOT / "online").parts)
             and any(word in path.stem for word in GAME_WORDS)]
    assert not named, "files named after a game (move them into its package):\n" + "\n".join(named)
