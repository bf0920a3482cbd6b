"""The audit trail's model moves to the core app; its table stays (core/migrations/0001_initial.py)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_initial'),
        ('clubs', '0002_text_limits'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='AuditEntry',
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
    ]
