"""The rating models move to the ratings app; their tables stay (ratings/migrations/0001_initial.py)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0008_recomputejob_moves_to_core'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='ratingentry',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='ratingentry',
                    name='player',
                ),
                migrations.DeleteModel(
                    name='PlayerRating',
                ),
                migrations.DeleteModel(
                    name='RatingEntry',
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
    ]
