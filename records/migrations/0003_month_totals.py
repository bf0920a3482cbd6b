# The players' totals per calendar month (UTC), of all clubs and of each club: a period's
# leaderboard reads its whole months here (records.totals.period_pieces). The months of the rows
# already in the store are summed once here; later writes keep them (records.totals).

from datetime import UTC

from django.db import connection as db_connection
from django.db import migrations, models
from django.db.models import BigIntegerField, Case, Count, ExpressionWrapper, F, Sum, Value, When
from django.db.models.functions import Coalesce, ExtractMonth, ExtractYear

CLUB_MONTHS = 100_000  # records.totals.CLUB_MONTHS, as it was written


def _counted(column):
    return Sum(Case(When(**{column: True}, then=Value(1)), default=Value(0)))


def sum_the_months(apps, schema_editor):
    """One INSERT … SELECT … GROUP BY a scope, in the database (ten million rows take seconds, not
    the minutes of reading them out)."""
    SeatRecord = apps.get_model("records", "SeatRecord")
    PlayerTotals = apps.get_model("records", "PlayerTotals")
    connection = schema_editor.connection if schema_editor is not None else db_connection
    sums = {"games": Count("pk"), "wins": _counted("won"), "decided": Count("won"),
            "points_milli": Coalesce(Sum("points_milli"), 0), "guessed_three": _counted("guessed_three"),
            "guessed_two": _counted("guessed_two"), "shot_first_night": _counted("shot_first_night"),
            "fouls_ordinary": Coalesce(Sum("fouls_ordinary"), 0), "fouls_technical": Coalesce(Sum("fouls_technical"), 0)}
    month = ExtractYear("played_at", tzinfo=UTC) * 12 + ExtractMonth("played_at", tzinfo=UTC) - 1
    keys = {"month": ExpressionWrapper(month, output_field=BigIntegerField()),
            "club_month": ExpressionWrapper(F("club_id") * CLUB_MONTHS + month, output_field=BigIntegerField())}
    table = connection.ops.quote_name(PlayerTotals._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(name) for name in ("player_id", "scope", "scope_id", *sums))
    summed = ", ".join(f"sum_{name}" for name in sums)
    for scope, key in keys.items():
        grouped = (SeatRecord.objects.using(connection.alias).filter(player__isnull=False).order_by()
                   .values("player_id", scope=Value(scope), scope_id=key)
                   .annotate(**{f"sum_{name}": aggregate for name, aggregate in sums.items()}))
        sql, params = grouped.query.sql_with_params()
        with connection.cursor() as cursor:
            # WHERE true: as records.totals, SQLite's reading of a SELECT before an INSERT's end
            cursor.execute(f"INSERT INTO {table} ({columns}) SELECT player_id, scope, scope_id, {summed} "
                           f"FROM ({sql}) grouped WHERE true", params)


def forget_the_months(apps, schema_editor):
    apps.get_model("records", "PlayerTotals").objects.filter(scope__in=["month", "club_month"]).delete()


class Migration(migrations.Migration):

    dependencies = [
        ('records', '0002_kept_facts_and_totals'),
    ]

    operations = [
        migrations.AlterField(
            model_name='playertotals',
            name='scope',
            field=models.CharField(choices=[('all', 'all time'), ('club', 'club'), ('month', 'month'), ('club_month', "a club's month")], max_length=10),
        ),
        migrations.AlterField(
            model_name='playertotals',
            name='scope_id',
            field=models.BigIntegerField(),
        ),
        migrations.RunPython(sum_the_months, forget_the_months),
    ]
