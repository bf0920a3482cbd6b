"""Tests of the "Mafia 1923" ruleset of the online engine (pure: run with -p no:django)."""
