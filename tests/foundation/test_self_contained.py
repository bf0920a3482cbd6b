"""The project describes itself: no file points to a path outside the repository."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = re.compile(r"(/work/|\.\./shared|shared/seeds|shared/protocol-format)")


def test_no_file_points_outside_the_repository():
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    pointing = []
    for name in files:
        path = ROOT / name
        if path.suffix in (".mo", ".png", ".svg", ".ico", ".woff2") or not path.is_file():
            continue
        if path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1):
            if OUTSIDE.search(line):
                pointing.append(f"{name}:{number}: {line.strip()[:100]}")
    assert not pointing, "\n".join(pointing)
