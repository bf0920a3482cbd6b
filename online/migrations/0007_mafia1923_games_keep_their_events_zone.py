"""A Mafia 1923 event's game keeps its event's time zone (its setup's "timezone" setting, Israel
time unless set) in ``Game.time_zone``, as a new event's does (online/mafia1923/services.py): every
time of the event — its notifications too — is written in that zone (core/written.py). Events
made before kept UTC there."""

from django.db import migrations

# online/engine/mafia1923/ruleset.py OPTIONS["timezone"]'s default (a migration imports no engine)
DEFAULT_ZONE = "Asia/Jerusalem"


def events_zone(apps, schema_editor):
    Game = apps.get_model("online", "Game")
    for game in Game.objects.select_related("setup").filter(setup__data__ruleset="mafia1923"):
        zone = ((game.setup.data or {}).get("options") or {}).get("timezone") or DEFAULT_ZONE
        if game.time_zone != zone:
            game.time_zone = zone
            game.save(update_fields=["time_zone"])


class Migration(migrations.Migration):
    dependencies = [("online", "0006_simulation_run")]
    operations = [migrations.RunPython(events_zone, migrations.RunPython.noop)]
