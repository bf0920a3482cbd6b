"""Build the optional compiled modules: the hot modules that `native.PACKAGES` lists, compiled
as they are by Cython.

    python -m native.build [--force] [--optional]

Each `.py` is compiled unchanged; a `.pxd` next to one adds the Cython declarations (for the
protocol engine, `games/engine/replayer.pxd`: an extension type for the replay state, C calls
for the helpers). Each package's extensions land in its `_compiled/` (gitignored) with
`stamp.json`; `native.load` loads them in place of the `.py` files only while the stamp matches
the sources. Rebuilds only when the sources, this file, Cython or Python changed (`--force`:
always); the modules are compiled together, two at a time.

This command never fails a setup: without Cython (`--optional`: silently) or a C compiler, or
on any error, it prints one warning line, removes any old build and exits 0, and the plain
modules stay in use. The full compiler output of a failed build is kept in
`native/build.log`.
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

import native

PROJECT = native.ROOT
LOG = Path(__file__).resolve().with_name("build.log")
# Compiler directives: the .py's annotations are documentation, not Cython types (they would
# add type checks plain Python does not make); the types come from the .pxd alone.
DIRECTIVES = {"language_level": 3, "annotation_typing": False}
TIMEOUT = 900  # seconds, for the compiler and for the check
WORKERS = 2  # modules compiled at a time (the largest, the judge and the replay, take longest)


class BuildError(Exception):
    """The build failed; the message says why, in a few words."""


class CythonMissing(Exception):
    pass


def build_key(cython_version: str) -> str:
    """What the build depends on: the sources, this file, the tools, the interpreter."""
    digest = hashlib.sha256()
    for part in (
        *(f"{package}\0{native.sources_digest(package)}" for package in native.PACKAGES),
        Path(__file__).read_bytes().decode(),
        cython_version,
        sys.version,
        native.EXTENSION_SUFFIX,
        json.dumps(DIRECTIVES, sort_keys=True),
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def up_to_date(key: str) -> bool:
    for package, modules in native.PACKAGES.items():
        try:
            stamp = json.loads(native.stamp_path(package).read_text())
        except (OSError, ValueError):
            return False
        if stamp.get("build") != key or not all(
            native.extension_path(package, module).is_file() for module in modules
        ):
            return False
    return True


def remove_build() -> None:
    """No stamp, no extension: the plain modules are used. The stamps go first."""
    for package in native.PACKAGES:
        native.stamp_path(package).unlink(missing_ok=True)
    for package, modules in native.PACKAGES.items():
        for module in modules:
            native.extension_path(package, module).unlink(missing_ok=True)


def _is_dataclass(node: ast.ClassDef) -> bool:
    return any(
        isinstance(decorator, ast.Name) and decorator.id == "dataclass"
        for decorator in node.decorator_list
    )


def check_declarations(source: Path, declarations: Path) -> None:
    """A `.pxd` declares, for each class of its `.py` that has `__slots__`, exactly the
    attributes its `__slots__` lists (`cdef public TYPE NAME`; a `__weakref__` slot as
    `cdef object __weakref__`), and for each plain `@dataclass` it declares, exactly the
    dataclass's fields (Cython itself would only notice a missing one when the code sets it)."""
    tree = ast.parse(source.read_text())
    slots: dict[str, set[str]] = {}
    dataclass_fields: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "__slots__"
                    for target in statement.targets
                ):
                    slots[node.name] = set(ast.literal_eval(statement.value))
            if _is_dataclass(node):
                dataclass_fields[node.name] = {
                    statement.target.id
                    for statement in node.body
                    if isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                }
    declared: dict[str, set[str]] = {}
    cdef_class = None
    for line in declarations.read_text().splitlines():
        words = line.split()
        if words[:2] == ["cdef", "class"]:
            cdef_class = words[2].split("(")[0].rstrip(":")
            declared[cdef_class] = set()
        elif words[:2] == ["cdef", "public"] and len(words) == 4 and cdef_class:
            declared[cdef_class].add(words[3])
        elif words == ["cdef", "object", "__weakref__"] and cdef_class:  # weak references
            declared[cdef_class].add("__weakref__")
    # A class declared here that has no `__slots__` must be a plain dataclass (Cython makes it
    # an extension type with the same fields); a `.pxd` may declare functions only.
    for name in declared.keys() - slots.keys():
        if name in dataclass_fields:
            slots[name] = dataclass_fields[name]
    if declared != slots:
        differ = sorted(
            f"{name}.{attribute}"
            for name in set(slots) | set(declared)
            for attribute in slots.get(name, set()) ^ declared.get(name, set())
        ) or sorted(set(slots) ^ set(declared))
        raise BuildError(
            f"{declarations.name} and the classes' __slots__ differ: {', '.join(differ)}"
        )


def check_all_declarations() -> None:
    for package, modules in native.PACKAGES.items():
        for module in modules:
            declarations = native.package_dir(package) / f"{module}.pxd"
            if declarations.is_file():
                check_declarations(declarations.with_suffix(".py"), declarations)


def source_name(package: str, module: str) -> str:
    """The module's path from the project, as Cython names the module by it."""
    return "/".join((*package.split("."), f"{module}.py"))


def compile_into(target: Path) -> None:
    """Run in a child process (its output goes to the log): cythonize and compile each module
    into `target`."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    os.chdir(PROJECT)  # Cython names the module by its path: games/engine/replayer.py
    extensions = [
        Extension(f"{package}.{module}", [source_name(package, module)])
        for package, modules in native.PACKAGES.items()
        for module in modules
    ]
    compiled = cythonize(
        extensions,
        build_dir=str(target / "c"),
        compiler_directives=DIRECTIVES,
        force=True,
        quiet=True,
        nthreads=WORKERS,
    )
    distribution = Distribution({"name": "mafia-compiled", "ext_modules": compiled})
    command = distribution.get_command_obj("build_ext")
    command.build_lib = str(target / "lib")
    command.build_temp = str(target / "obj")
    command.inplace = False
    command.parallel = WORKERS
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


# Run in a fresh interpreter after the build: every package loads compiled, the protocol engine
# replays the examples and the rule-based bots play a game at the judged table.
CHECK = """
import importlib, sys
for package in sys.argv[1:]:
    module = importlib.import_module(package)
    assert module.COMPILED, (package, module.IMPLEMENTATION)
import games.engine as engine
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from online.agents import RuleBot, play_game
for game in (full_pro_mafia_game(), full_fiim_game()):
    engine.replay(game.build()).to_result()
assert play_game({seat: RuleBot() for seat in range(1, 11)}, "build-check").log
"""


def sources_digests() -> dict[str, str]:
    return {package: native.sources_digest(package) for package in native.PACKAGES}


def build(force: bool) -> str:
    """Build when needed; the one-line outcome. Raises on failure."""
    try:
        import Cython
    except ImportError as exc:
        raise CythonMissing from exc
    key = build_key(Cython.__version__)
    if not force and up_to_date(key):
        return f"compiled build up to date (Cython {Cython.__version__})"
    check_all_declarations()
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        raise BuildError(f"no C compiler: {compiler} not found")
    sources = sources_digests()
    remove_build()
    with (
        tempfile.TemporaryDirectory(prefix="mafia-compiled-build-") as temporary,
        LOG.open("w") as log,
    ):
        target = Path(temporary)
        command = [sys.executable, "-m", "native.build", "--compile-into", str(target)]
        run(command, log, "Cython or the C compiler failed")
        if sources_digests() != sources:
            raise BuildError("the sources changed during the build")
        stamp = {"build": key, "tool": f"Cython {Cython.__version__}"}
        for package, modules in native.PACKAGES.items():
            native.build_dir(package).mkdir(exist_ok=True)
            for module in modules:
                path = native.extension_path(package, module)
                built = target / "lib" / Path(*package.split(".")) / path.name
                staged = path.with_name(f".{path.name}.new")
                shutil.copyfile(built, staged)
                os.replace(staged, path)  # a new file: safe for runners
            staged = native.stamp_path(package).with_suffix(".new")
            staged.write_text(json.dumps({"sources": sources[package], **stamp}, indent=2) + "\n")
            os.replace(staged, native.stamp_path(package))
        # The build must load and run in a fresh interpreter, else it goes.
        env = dict(os.environ)
        env.pop(native.PURE_VARIABLE, None)
        check = [sys.executable, "-c", CHECK, *native.PACKAGES]
        run(check, log, "the compiled modules failed their check", env)
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
                "warning: compiled modules not built: Cython is not installed "
                "(pip install -e '.[dev]'); using the pure-Python modules.",
                file=sys.stderr,
            )
        return 0
    except Exception as exc:  # never fail a setup: the pure engine always works
        with contextlib.suppress(OSError):
            remove_build()
        reason = " ".join(str(exc).split()) or type(exc).__name__
        where = f"; see {LOG.relative_to(PROJECT)}" if LOG.is_file() else ""
        print(
            f"warning: compiled modules not built ({reason}){where}; using the pure-Python modules.",
            file=sys.stderr,
        )
        return 0
    print(f"compiled modules: {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
