from django import forms

from core.forms import DateInput

from .models import ClubSeason
from .services import FIELDS


class SeasonForm(forms.ModelForm):
    """An organizer's season: the service checks it again (seasons.services)."""

    class Meta:
        model = ClubSeason
        fields = list(FIELDS)
        widgets = {"starts_on": DateInput(), "ends_on": DateInput()}

    def validate_unique(self):
        """The service checks the name per club (case-blind), with a message of its own."""

    def service_fields(self) -> dict:
        return {field: self.cleaned_data[field] for field in FIELDS}
