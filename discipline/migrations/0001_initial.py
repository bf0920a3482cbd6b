"""The discipline models, moved here from the games app with their tables: the state moves, the
tables (Meta.db_table) and their rows stay, and so do the content types (the audit trail of a
case points at its content type)."""

import django.core.validators
import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

MOVED = [('games', 'discipline', 'disciplinecase'), ('games', 'discipline', 'disciplinenote'), ('games', 'discipline', 'disciplineappeal')]


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
        ('clubs', '0002_text_limits'),
        ('games', '0009_discipline_moves_to_its_app'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='DisciplineCase',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('dd', 'declared defeat'), ('disqualification', 'disqualification'), ('technical_foul', 'technical foul')], db_index=True, max_length=20, verbose_name='kind')),
                        ('event_key', models.CharField(editable=False, max_length=40, verbose_name='event')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                        ('cause', models.CharField(choices=[('dd', 'declared defeat'), ('manual', 'removed by the judge'), ('fourth_foul', 'fourth ordinary foul'), ('second_technical', 'second technical foul'), ('technical_foul', 'technical foul')], max_length=20, verbose_name='cause')),
                        ('judge_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name="judge's reason")),
                        ('event', models.JSONField(default=dict, verbose_name='event as recorded')),
                        ('event_index', models.PositiveIntegerField(blank=True, null=True, verbose_name='event number')),
                        ('status', models.CharField(choices=[('pending', 'pending'), ('upheld', 'upheld'), ('amended', 'amended'), ('overturned', 'overturned'), ('void', 'void (the event is no longer in the protocol)')], db_index=True, default='pending', max_length=12, verbose_name='status')),
                        ('opened_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='opened at')),
                        ('appeal_deadline', models.DateTimeField(verbose_name='appeals until')),
                        ('decision', models.CharField(blank=True, choices=[('uphold', "uphold the judge's decision"), ('dd_to_disqualification', 'convert the DD into a technical disqualification'), ('waive_penalty', 'remove the disqualification penalty'), ('strike_foul', 'strike the technical foul from the protocol'), ('annul_game', 'annul the game')], max_length=24, verbose_name='decision')),
                        ('decision_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='reason for the decision')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided at')),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by')),
                        ('decision_version', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.protocolversion', verbose_name="decision's protocol version")),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='discipline_cases', to='games.game', verbose_name='game')),
                        ('judge', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='judged_discipline_cases', to='clubs.player', verbose_name='judge')),
                        ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='discipline_cases', to='clubs.player', verbose_name='player')),
                        ('recorded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='recorded by')),
                        ('version', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='opened_cases', to='games.protocolversion', verbose_name='opened at protocol version')),
                    ],
                    options={
                        'verbose_name': 'discipline case',
                        'verbose_name_plural': 'discipline cases',
                        'db_table': 'games_disciplinecase',
                        'ordering': ['-opened_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='DisciplineAppeal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('text', models.TextField(max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='appeal')),
                        ('filed_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('filed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('case', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='appeal', to='discipline.disciplinecase')),
                    ],
                    options={
                        'verbose_name': 'discipline appeal',
                        'verbose_name_plural': 'discipline appeals',
                        'db_table': 'games_disciplineappeal',
                        'ordering': ['-filed_at'],
                    },
                ),
                migrations.CreateModel(
                    name='DisciplineNote',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('text', models.TextField(max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='note')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('author', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('case', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notes', to='discipline.disciplinecase')),
                    ],
                    options={
                        'verbose_name': 'discipline note',
                        'verbose_name_plural': 'discipline notes',
                        'db_table': 'games_disciplinenote',
                        'ordering': ['created_at', 'id'],
                    },
                ),
                migrations.AddIndex(
                    model_name='disciplinecase',
                    index=models.Index(fields=['status', 'opened_at'], name='discipline_queue'),
                ),
                migrations.AddConstraint(
                    model_name='disciplinecase',
                    constraint=models.UniqueConstraint(fields=('game', 'event_key'), name='one_case_per_game_event'),
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
