"""Build the optional compiled engine: `replayer.py` compiled as it is by Cython.

    python -m games.engine.build [--force] [--optional]

The `.py` is compiled unchanged; `replayer.pxd` next to it adds the Cython declarations (an
extension type for the replay state, C calls for the helpers). The extension lands in
`_compiled/` (gitignored) with `stamp.json`; `_native.py` loads it in place of `replayer.py`
only while the stamp matches the sources. Rebuilds only when the sources, this file, Cython or
Python changed (`--force`: always).

This command never fails a setup: without Cython (`--optional`: silently) or a C compiler, or
on any error, it prints one warning line, removes any old build and exits 0, and the
pure-Python engine stays in use. The full compiler output of a failed build is kept in
`_compiled/build.log`.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from games.engine import _native

PROJECT = _native.HERE.parent.parent
LOG = _native.BUILD_DIR / "build.log"
# Compiler directives: the .py's annotations are documentation, not Cython types (they would
# add type checks plain Python does not make); the types come from the .pxd alone.
DIRECTIVES = {"language_level": 3, "annotation_typing": False}
TIMEOUT = 900  # seconds, for the compiler and for the check


class BuildError(Exception):
    """The build failed; the message says why, in a few words."""


class CythonMissing(Exception):
    pass


def build_key(cython_version: str) -> str:
    """What the build depends on: the sources, this file, the tools, the interpreter."""
    digest = hashlib.sha256()
    for part in (
        _native.sources_digest(),
        Path(__file__).read_bytes().decode(),
        cython_version,
        sys.version,
        _native.EXTENSION_SUFFIX,
        json.dumps(DIRECTIVES, sort_keys=True),
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def up_to_date(key: str) -> bool:
    try:
        stamp = json.loads(_native.STAMP.read_text())
    except (OSError, ValueError):
        return False
    return stamp.get("build") == key and all(
        _native.extension_path(module).is_file() for module in _native.MODULES
    )


def remove_build() -> None:
    """No stamp, no extension: the pure modules are used. The stamp goes first."""
    _native.STAMP.unlink(missing_ok=True)
    for module in _native.MODULES:
        _native.extension_path(module).unlink(missing_ok=True)


def check_declarations() -> None:
    """The .pxd declares, for each part of the replay, exactly the attributes its `__slots__`
    lists (Cython itself would only notice a missing one when the replay sets it)."""
    tree = ast.parse((_native.HERE / "replayer.py").read_text())
    slots: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "__slots__"
                    for target in statement.targets
                ):
                    slots[node.name] = set(ast.literal_eval(statement.value))
    declared: dict[str, set[str]] = {}
    cdef_class = None
    for line in (_native.HERE / "replayer.pxd").read_text().splitlines():
        words = line.split()
        if words[:2] == ["cdef", "class"]:
            cdef_class = words[2].split("(")[0].rstrip(":")
            declared[cdef_class] = set()
        elif words[:2] == ["cdef", "public"] and len(words) == 4 and cdef_class:
            declared[cdef_class].add(words[3])
    if not slots or declared != slots:
        differ = sorted(
            f"{name}.{attribute}"
            for name in set(slots) | set(declared)
            for attribute in slots.get(name, set()) ^ declared.get(name, set())
        ) or sorted(set(slots) ^ set(declared))
        raise BuildError(f"replayer.pxd and the replay classes' __slots__ differ: {', '.join(differ)}")


def compile_into(target: Path) -> None:
    """Run in a child process (its output goes to the log): cythonize and compile each module
    into `target`."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    os.chdir(PROJECT)  # Cython names the module by its path: games/engine/replayer.py
    extensions = [
        Extension(f"games.engine.{module}", [f"games/engine/{module}.py"])
        for module in _native.MODULES
    ]
    modules = cythonize(
        extensions,
        build_dir=str(target / "c"),
        compiler_directives=DIRECTIVES,
        force=True,
        quiet=True,
    )
    distribution = Distribution({"name": "mafia-engine-compiled", "ext_modules": modules})
    command = distribution.get_command_obj("build_ext")
    command.build_lib = str(target / "lib")
    command.build_temp = str(target / "obj")
    command.inplace = False
    distribution.run_command("build_ext")


def run(command: list[str], log, failure: str, env: dict | None = None) -> None:
    log.write(f"$ {' '.join(command)}\n")
    log.flush()
    result = subprocess.run(
        command,
        cwd=PROJECT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        timeout=TIMEOUT,
        check=False,
    )
    if result.returncode:
        raise BuildError(failure)


CHECK = """
import games.engine as engine
from games.engine.examples import full_fiim_game, full_pro_mafia_game
assert engine.COMPILED, engine.IMPLEMENTATION
for game in (full_pro_mafia_game(), full_fiim_game()):
    engine.replay(game.build()).to_result()
"""


def build(force: bool) -> str:
    """Build when needed; the one-line outcome. Raises on failure."""
    try:
        import Cython
    except ImportError as exc:
        raise CythonMissing from exc
    key = build_key(Cython.__version__)
    if not force and up_to_date(key):
        return f"compiled build up to date (Cython {Cython.__version__})"
    check_declarations()
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        raise BuildError(f"no C compiler: {compiler} not found")
    sources = _native.sources_digest()
    remove_build()
    _native.BUILD_DIR.mkdir(exist_ok=True)
    with (
        tempfile.TemporaryDirectory(prefix="mafia-engine-build-") as temporary,
        LOG.open("w") as log,
    ):
        target = Path(temporary)
        command = [sys.executable, "-m", "games.engine.build", "--compile-into", str(target)]
        run(command, log, "Cython or the C compiler failed")
        if _native.sources_digest() != sources:
            raise BuildError("the sources changed during the build")
        for module in _native.MODULES:
            built = target / "lib" / "games" / "engine" / _native.extension_path(module).name
            staged = _native.BUILD_DIR / f".{built.name}.new"
            shutil.copyfile(built, staged)
            os.replace(staged, _native.extension_path(module))  # a new file: safe for runners
        stamp = {
            "sources": sources,
            "build": key,
            "tool": f"Cython {Cython.__version__}",
        }
        staged = _native.STAMP.with_suffix(".new")
        staged.write_text(json.dumps(stamp, indent=2) + "\n")
        os.replace(staged, _native.STAMP)
        # The build must load and replay in a fresh interpreter, else it goes.
        env = dict(os.environ)
        env.pop(_native.PURE_VARIABLE, None)
        run([sys.executable, "-c", CHECK], log, "the compiled engine failed its check", env)
    LOG.unlink(missing_ok=True)
    return f"compiled build made ({stamp['tool']})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument(
        "--optional", action="store_true", help="say nothing when Cython is not installed"
    )
    parser.add_argument("--compile-into", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.compile_into:
        compile_into(args.compile_into)
        return 0
    try:
        outcome = build(args.force)
    except CythonMissing:  # a build already made stays valid while its stamp matches
        if not args.optional:
            print(
                "warning: compiled engine not built: Cython is not installed "
                "(pip install -e '.[dev]'); using the pure-Python engine.",
                file=sys.stderr,
            )
        return 0
    except Exception as exc:  # never fail a setup: the pure engine always works
        with contextlib.suppress(OSError):
            remove_build()
        reason = " ".join(str(exc).split()) or type(exc).__name__
        where = f"; see {LOG.relative_to(PROJECT)}" if LOG.is_file() else ""
        print(
            f"warning: compiled engine not built ({reason}){where}; using the pure-Python engine.",
            file=sys.stderr,
        )
        return 0
    print(f"engine: {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
