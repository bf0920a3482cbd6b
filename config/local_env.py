"""The checkout's local development settings: a git-ignored `.env` with DEBUG on and a secret key
of its own, written by the first `manage.py` command when the environment configures nothing.

Production sets its environment itself (docs/deployment.md): with `DEBUG` or `SECRET_KEY` in the
environment nothing is written, and the web entry point (`config.wsgi`) never writes one, so
without DEBUG the site still refuses to start with no SECRET_KEY. `ENV_FILE` names another file.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

CONFIGURING_VARIABLES = ("DEBUG", "SECRET_KEY")
TEMPLATE = """# Local development settings for this checkout, written by its first manage.py command
# (git-ignored). Variables exported in the shell take precedence. See the README's settings table.
DEBUG=1
SECRET_KEY={key}
"""


def env_file() -> Path:
    return Path(os.environ.get("ENV_FILE") or Path(__file__).resolve().parent.parent / ".env")


def ensure_local_env() -> Path | None:
    """Write the development `.env` unless it exists or the environment configures the site;
    the path written, else None."""
    path = env_file()
    if path.exists() or any(name in os.environ for name in CONFIGURING_VARIABLES):
        return None
    mask = os.umask(0o077)
    try:
        with path.open("x") as file:  # "x": two first commands at once write it once
            file.write(TEMPLATE.format(key=secrets.token_urlsafe(50)))
    except FileExistsError:
        return None
    finally:
        os.umask(mask)
    return path
