"""The audit trail and the recompute outbox, moved here from clubs and scoring with their tables:
the state moves, the tables (Meta.db_table) and their rows stay, and so do the content types."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = [('clubs', 'core', 'auditentry'), ('scoring', 'core', 'recomputejob')]


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
        ('scoring', '0007_recompute_job_lease'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='RecomputeJob',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('game_scores', 'game scores'), ('standings', 'tournament standings'), ('ratings', 'ratings')], max_length=16, verbose_name='kind')),
                        ('target_id', models.PositiveBigIntegerField(default=0, verbose_name='target')),
                        ('status', models.CharField(choices=[('pending', 'pending'), ('running', 'running'), ('done', 'done'), ('failed', 'failed')], db_index=True, default='pending', max_length=8, verbose_name='status')),
                        ('requested_at', models.DateTimeField(verbose_name='inputs changed at')),
                        ('enqueued_at', models.DateTimeField(blank=True, null=True, verbose_name='last enqueued at')),
                        ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='started at')),
                        ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='brought up to date at')),
                        ('covered_until', models.DateTimeField(blank=True, null=True)),
                        ('from_game_id', models.PositiveBigIntegerField(blank=True, null=True)),
                        ('attempts', models.PositiveIntegerField(default=0, verbose_name='failed attempts')),
                        ('error', models.TextField(blank=True, verbose_name='last error')),
                        ('duration_ms', models.PositiveIntegerField(blank=True, null=True)),
                        ('lease_expires_at', models.DateTimeField(blank=True, null=True, verbose_name='lease runs out at')),
                        ('run_token', models.CharField(blank=True, editable=False, max_length=32)),
                    ],
                    options={
                        'verbose_name': 'recompute job',
                        'verbose_name_plural': 'recompute jobs',
                        'db_table': 'scoring_recomputejob',
                        'ordering': ['-requested_at'],
                        'constraints': [models.UniqueConstraint(fields=('kind', 'target_id'), name='one_job_per_target')],
                    },
                ),
                migrations.CreateModel(
                    name='AuditEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('object_id', models.CharField(max_length=64)),
                        ('action', models.CharField(max_length=80, verbose_name='action')),
                        ('data', models.JSONField(blank=True, default=dict, verbose_name='details')),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='when')),
                        ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='who')),
                        ('content_type', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='contenttypes.contenttype')),
                    ],
                    options={
                        'verbose_name': 'audit entry',
                        'verbose_name_plural': 'audit trail',
                        'db_table': 'clubs_auditentry',
                        'ordering': ['-created_at', '-id'],
                        'indexes': [models.Index(fields=['content_type', 'object_id'], name='clubs_audit_content_63253c_idx')],
                    },
                ),
            ],
            database_operations=[],  # the tables stay as they are (Meta.db_table)
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
