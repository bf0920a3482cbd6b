"""The recompute outbox's model moves to the core app; its table stays (core/migrations/0001_initial.py)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_initial'),
        ('scoring', '0007_recompute_job_lease'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='RecomputeJob',
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
    ]
