"""The optional compiled build: which packages' hot modules it compiles, and their loading.

Plain Python modules are the reference and always work. `python -m native.build` may compile
the modules listed in `PACKAGES` with Cython, the `.py` files as they are (a `.pxd` beside one
adds declarations), into the package's `_compiled/` directory (gitignored) with a `stamp.json`.
A package listed here calls `load(__name__)` in its `__init__` before importing anything else,
and the compiled modules are then imported under their own names (`games.engine.replayer`), so
the whole process runs one implementation of each. They are loaded only when all of these hold,
else the `.py` files are imported as usual:

- `MAFIA_ENGINE_PURE` is unset, empty or `0`;
- the package's `_compiled/stamp.json` says its build was made from its `.py` and `.pxd` files
  exactly as they are now (an edited source is never shadowed by an older build);
- every extension module of the package loads.

This package sits beside the apps and imports nothing of the project (the standard library
only), so the pure engines of any app may use it, and the build learns which modules to compile
from the list below rather than by importing the apps that own them.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE_VARIABLE = "MAFIA_ENGINE_PURE"
EXTENSION_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]

# Each package whose hot modules are compiled, and those modules (docs/rules.md, "Speed";
# docs/auto-judged-table.md for the table's and the bots' figures), in the order they import
# one another: a module loaded later must not have been imported as `.py` by an earlier one.
PACKAGES: dict[str, tuple[str, ...]] = {
    "games.engine": ("replayer",),
    "online.engine.judged_table": ("commands", "speech", "judge", "views"),
    "online.agents": ("base", "bots", "play"),
}


def package_dir(package: str) -> Path:
    return ROOT.joinpath(*package.split("."))


def build_dir(package: str) -> Path:
    return package_dir(package) / "_compiled"


def stamp_path(package: str) -> Path:
    return build_dir(package) / "stamp.json"


def extension_path(package: str, module: str) -> Path:
    return build_dir(package) / f"{module}{EXTENSION_SUFFIX}"


def sources_digest(package: str) -> str:
    """SHA-256 of the package's compiled modules' sources (`.py`, and `.pxd` where there is one)."""
    digest = hashlib.sha256()
    for module in PACKAGES[package]:
        for suffix in (".py", ".pxd"):
            path = package_dir(package) / f"{module}{suffix}"
            if path.is_file():
                digest.update(f"{path.name}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def pure_forced() -> bool:
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def load(package: str) -> tuple[bool, str]:
    """Load the package's compiled modules when the rules above allow; (compiled?, in words)."""
    if pure_forced():
        return False, f"pure Python ({PURE_VARIABLE} is set)"
    try:
        stamp = json.loads(stamp_path(package).read_text())
    except (OSError, ValueError):
        return False, "pure Python (no compiled build)"
    parent = sys.modules[package]
    loaded = []
    try:
        if stamp.get("sources") != sources_digest(package):
            return False, "pure Python (the compiled build is older than the sources)"
        for module in PACKAGES[package]:
            name = f"{package}.{module}"
            if name in sys.modules:  # imported already (cannot happen through the package)
                raise ImportError(f"{name} is already imported")
            path = extension_path(package, module)
            loader = importlib.machinery.ExtensionFileLoader(name, str(path))
            spec = importlib.util.spec_from_file_location(name, path, loader=loader)
            compiled = importlib.util.module_from_spec(spec)
            sys.modules[name] = compiled
            loaded.append(module)
            loader.exec_module(compiled)
            setattr(parent, module, compiled)
    except Exception as exc:  # any failure: the plain modules, as if nothing had been built
        for module in loaded:
            sys.modules.pop(f"{package}.{module}", None)
            if getattr(parent, module, None) is not None:
                delattr(parent, module)
        return False, f"pure Python (the compiled build did not load: {type(exc).__name__})"
    return True, f"compiled ({stamp.get('tool', 'Cython')})"
