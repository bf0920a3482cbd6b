"""Which implementation of the engine's hot module this process runs.

`replayer.py` is plain Python and always works. `python -m games.engine.build` may compile it
with Cython into `_compiled/replayer.<abi>.so` (see `build.py`); the compiled module is loaded
here, under the module's own name `games.engine.replayer`, before anything imports that name,
so the whole process (the package's `replay`, `scenario`, `GameRecord.current`) runs the one
implementation. It is loaded only when all of these hold, else the `.py` is imported as usual:

- `MAFIA_ENGINE_PURE` is unset, empty or `0`;
- `_compiled/stamp.json` says the build was made from the `.py` and `.pxd` exactly as they are
  now (an edited source is never shadowed by an older build);
- the extension module loads.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILD_DIR = HERE / "_compiled"
STAMP = BUILD_DIR / "stamp.json"
PURE_VARIABLE = "MAFIA_ENGINE_PURE"
# The compiled modules; each has its Cython declarations in a `.pxd` next to its `.py`.
MODULES = ("replayer",)
EXTENSION_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def sources_digest() -> str:
    """SHA-256 of the compiled modules' sources (`.py` and `.pxd`)."""
    digest = hashlib.sha256()
    for module in MODULES:
        for suffix in (".py", ".pxd"):
            path = HERE / f"{module}{suffix}"
            digest.update(f"{path.name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def extension_path(module: str) -> Path:
    return BUILD_DIR / f"{module}{EXTENSION_SUFFIX}"


def pure_forced() -> bool:
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def _load() -> tuple[bool, str]:
    if pure_forced():
        return False, f"pure Python ({PURE_VARIABLE} is set)"
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return False, "pure Python (no compiled build)"
    package = sys.modules[__package__]
    loaded = []
    try:
        if stamp.get("sources") != sources_digest():
            return False, "pure Python (the compiled build is older than the sources)"
        for module in MODULES:
            name = f"{__package__}.{module}"
            if name in sys.modules:  # imported already (cannot happen through the package)
                raise ImportError(f"{name} is already imported")
            path = extension_path(module)
            loader = importlib.machinery.ExtensionFileLoader(name, str(path))
            spec = importlib.util.spec_from_file_location(name, path, loader=loader)
            compiled = importlib.util.module_from_spec(spec)
            sys.modules[name] = compiled
            loaded.append(name)
            loader.exec_module(compiled)
            setattr(package, module, compiled)
    except Exception as exc:  # any failure: the plain modules, as if nothing had been built
        for name in loaded:
            sys.modules.pop(name, None)
            if getattr(package, name.rpartition(".")[2], None) is not None:
                delattr(package, name.rpartition(".")[2])
        return False, f"pure Python (the compiled build did not load: {type(exc).__name__})"
    return True, f"compiled ({stamp.get('tool', 'Cython')})"


COMPILED, IMPLEMENTATION = _load()
