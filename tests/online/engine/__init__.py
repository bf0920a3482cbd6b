"""Tests of the pure online engine. They need no Django settings and no database:

    .venv/bin/python -m pytest tests/online/engine -p no:django

and run as well inside the normal suite (pytest-django leaves tests without db fixtures alone).
"""
