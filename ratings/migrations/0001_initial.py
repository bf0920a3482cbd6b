"""The ratings' models, moved here from the scoring app with their tables: the state moves, the
tables (Meta.db_table) and their rows stay, and so do the content types."""

import django.db.models.deletion
from django.db import migrations, models

MOVED = [('scoring', 'ratings', 'ratingentry'), ('scoring', 'ratings', 'playerrating')]


def rename_content_types(apps, schema_editor):
    """Keep the content types (and so the audit trail's entries and the permissions) of the models
    that moved: rename each old row rather than let a new one be made beside it."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    for old_app, new_app, model in MOVED:
        if not ContentType.objects.filter(app_label=new_app, model=model).exists():
            ContentType.objects.filter(app_label=old_app, model=model).update(app_label=new_app)


def restore_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for old_app, new_app, model in MOVED:
        if not ContentType.objects.filter(app_label=old_app, model=model).exists():
            ContentType.objects.filter(app_label=new_app, model=model).update(app_label=old_app)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('clubs', '0003_auditentry_moves_to_core'),
        ('games', '0009_discipline_moves_to_its_app'),
        ('scoring', '0009_ratings_move_to_their_app'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PlayerRating',
                    fields=[
                        ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='rating', serialize=False, to='clubs.player')),
                        ('overall', models.FloatField(db_index=True, verbose_name='rating')),
                        ('red', models.FloatField(db_index=True, verbose_name='red rating')),
                        ('black', models.FloatField(db_index=True, verbose_name='black rating')),
                        ('red_games', models.PositiveIntegerField(default=0, verbose_name='games as red')),
                        ('black_games', models.PositiveIntegerField(default=0, verbose_name='games as black')),
                        ('games', models.PositiveIntegerField(db_index=True, default=0, verbose_name='rated games')),
                        ('last_played_at', models.DateTimeField(blank=True, null=True)),
                    ],
                    options={
                        'verbose_name': 'player rating',
                        'verbose_name_plural': 'player ratings',
                        'db_table': 'scoring_playerrating',
                        'ordering': ['-overall'],
                    },
                ),
                migrations.CreateModel(
                    name='RatingEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('rated_at', models.DateTimeField(verbose_name='played at')),
                        ('track', models.CharField(choices=[('red', 'red'), ('black', 'black')], max_length=5, verbose_name='track')),
                        ('won', models.BooleanField(verbose_name='won')),
                        ('expected', models.FloatField(verbose_name='expected to win')),
                        ('before', models.FloatField(verbose_name='before')),
                        ('after', models.FloatField(verbose_name='after')),
                        ('delta', models.FloatField(verbose_name='change')),
                        ('overall_before', models.FloatField()),
                        ('overall_after', models.FloatField(verbose_name='overall after')),
                        ('red_rating', models.FloatField()),
                        ('black_rating', models.FloatField()),
                        ('red_games', models.PositiveIntegerField()),
                        ('black_games', models.PositiveIntegerField()),
                        ('game', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='rating_entries', to='games.game')),
                        ('player', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='rating_entries', to='clubs.player')),
                    ],
                    options={
                        'verbose_name': 'rating change',
                        'verbose_name_plural': 'rating history',
                        'db_table': 'scoring_ratingentry',
                        'ordering': ['rated_at', 'game_id'],
                        'indexes': [models.Index(fields=['player', 'rated_at', 'game'], name='rating_entry_player_order'), models.Index(fields=['rated_at', 'game'], name='rating_entry_order')],
                        'constraints': [models.UniqueConstraint(fields=('game', 'player'), name='one_rating_entry_per_game_player')],
                    },
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
