from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0004_tournament_chief_judge"),
    ]

    operations = [
        migrations.AddField(
            model_name="application",
            name="status_token",
            field=models.CharField(blank=True, editable=False, max_length=43, null=True, unique=True),
        ),
    ]
