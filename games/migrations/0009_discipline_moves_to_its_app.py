"""The discipline models move to their own app; their tables stay (discipline/migrations/0001_initial.py)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_text_limits'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='decided_by',
                ),
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='decision_version',
                ),
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='judge',
                ),
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='recorded_by',
                ),
                migrations.RemoveField(
                    model_name='disciplinecase',
                    name='version',
                ),
                migrations.RemoveField(
                    model_name='disciplinenote',
                    name='case',
                ),
                migrations.RemoveField(
                    model_name='disciplinenote',
                    name='author',
                ),
                migrations.DeleteModel(
                    name='DisciplineAppeal',
                ),
                migrations.DeleteModel(
                    name='DisciplineCase',
                ),
                migrations.DeleteModel(
                    name='DisciplineNote',
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
    ]
