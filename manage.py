#!/usr/bin/env python
import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    from config.local_env import ensure_local_env

    written = ensure_local_env()
    if written is not None:
        print(f"Wrote {written.name} (local development settings: DEBUG on, a generated SECRET_KEY).",
              file=sys.stderr)

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
