from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("Online games")
