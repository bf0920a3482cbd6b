"""Issue 30 moved online play's models into the packages of the one app ``online``
(docs/architecture.md, "Online play"): the migrations' state still equals the models, so an
existing database (last release's, with the demo data) migrates forward with nothing to do, and
every model keeps its app label, its table and its content type (the audit trail's old entries
point at their rows)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db.migrations.autodetector import MigrationAutodetector
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ProjectState

from online.core.models import (
    Delivery,
    Follow,
    Game,
    GameEvent,
    LanguagePreference,
    Notification,
    Post,
    Setup,
    Slot,
    Thread,
)
from online.forum.models import Signup, Vote
from online.mafia1923.models import Entry, EventSettings, Moderator, Override, Question
from online.simulations.models import SimulationRun
from online.table.models import JudgedTable

MOVED = (Setup, Game, Slot, GameEvent, Thread, Post, Follow, Notification, Delivery, LanguagePreference, Signup, Vote,
         Entry, EventSettings, Moderator, Override, Question, SimulationRun, JudgedTable)


def test_the_migrations_state_equals_the_models():
    loader = MigrationLoader(None, ignore_no_migrations=True)  # the files only, not what a database applied
    changes = MigrationAutodetector(loader.project_state(), ProjectState.from_apps(apps)).changes(graph=loader.graph)
    assert "online" not in changes, f"the models differ from the migrations: {changes.get('online')}"


@pytest.mark.django_db  # the command checks the history against the database too
def test_makemigrations_finds_nothing_to_write():
    call_command("makemigrations", "online", check=True, dry_run=True, verbosity=0)  # exits 1 on a change


@pytest.mark.parametrize("model", MOVED, ids=lambda model: model.__name__)
def test_a_moved_model_keeps_its_app_and_its_table(model):
    assert model._meta.app_label == "online"
    assert model._meta.db_table == f"online_{model.__name__.lower()}"
    assert apps.get_model("online", model.__name__) is model


@pytest.mark.django_db
def test_a_moved_model_keeps_its_content_type():
    for model in MOVED:
        kind = ContentType.objects.get_for_model(model)
        assert (kind.app_label, kind.model) == ("online", model.__name__.lower())
        assert kind.model_class() is model
