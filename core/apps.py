from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The house's infrastructure: errors, the audit trail, locks and the recompute outbox."""

    name = "core"
    verbose_name = _("Infrastructure")
