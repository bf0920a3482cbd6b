from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from core.forms import DateInput
from core.limits import TEXT_MAX_LENGTH

from .models import Application, Evening, TieBreak, Tournament
from .services.broadcast import MAX_BROADCAST_DELAY

TIE_BREAK_CHOICES = [("", "—")] + [(k, label) for k, label in TieBreak.choices if k != TieBreak.TOTAL]


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def format_value(self, value):
        if value and hasattr(value, "strftime"):
            if timezone.is_aware(value):
                value = timezone.localtime(value)
            return value.strftime("%Y-%m-%dT%H:%M")
        return value


class TournamentForm(forms.ModelForm):
    tie_break_1 = forms.ChoiceField(label=_("Tie-break after total points"), choices=TIE_BREAK_CHOICES,
                                    required=False, initial="wins")
    tie_break_2 = forms.ChoiceField(label=_("then"), choices=TIE_BREAK_CHOICES, required=False, initial="extra")
    tie_break_3 = forms.ChoiceField(label=_("then"), choices=TIE_BREAK_CHOICES, required=False)

    class Meta:
        model = Tournament
        fields = ["name", "starts_on", "ends_on", "venue", "description", "ruleset", "qualifying_rounds", "tables",
                  "capacity", "final_size", "final_coefficient", "win_points", "rating_tier",
                  "application_deadline"]
        widgets = {"starts_on": DateInput(), "ends_on": DateInput(), "application_deadline": DateTimeInput(),
                   "description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        order = list(self.instance.tie_break_order or ["wins", "extra"]) if self.instance.pk else ["wins", "extra"]
        for i in range(3):
            self.fields[f"tie_break_{i + 1}"].initial = order[i] if i < len(order) else ""

    def clean(self):
        data = super().clean()
        order = []
        for i in range(3):
            key = data.get(f"tie_break_{i + 1}")
            if key and key not in order:
                order.append(key)
        data["tie_break_order"] = order
        return data

    def service_fields(self) -> dict:
        data = dict(self.cleaned_data)
        for i in range(3):
            data.pop(f"tie_break_{i + 1}", None)
        return data


class EveningForm(forms.ModelForm):
    class Meta:
        model = Evening
        fields = ["title", "starts_at", "venue", "ruleset", "tables", "capacity", "application_deadline",
                  "publish_results"]
        widgets = {"starts_at": DateTimeInput(), "application_deadline": DateTimeInput()}


class ApplyForm(forms.Form):
    """Signed-in players only add a message; guests also give a name and a contact."""

    guest_name = forms.CharField(label=_("Your name or nickname"), max_length=60, required=False)
    guest_contact = forms.CharField(label=_("Contact (e-mail or phone)"), max_length=200, required=False,
                                    help_text=_("We write to an e-mail address if a seat opens up for you."))
    message = forms.CharField(label=_("Message to the organizers"), required=False, max_length=TEXT_MAX_LENGTH,
                              widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, guest: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.guest = guest
        if guest:
            self.fields["guest_name"].required = True
            self.fields["guest_contact"].required = True
        else:
            del self.fields["guest_name"]
            del self.fields["guest_contact"]


class DecisionForm(forms.Form):
    status = forms.ChoiceField(choices=[(s, s) for s in Application.DECISIONS])


class NoteForm(forms.Form):
    note = forms.CharField(label=_("Note"), required=False, max_length=TEXT_MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 2}))


class GenerateForm(forms.Form):
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=2**63 - 1,
                              help_text=_("Empty for a fresh random seed; the same seed repeats a seating."))


class SwapForm(forms.Form):
    round_number = forms.IntegerField(label=_("Round"), min_value=1)
    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    player_b = forms.ModelChoiceField(label=_("swaps with"), queryset=Player.objects.none())

    def __init__(self, *args, players, rounds, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player_a"].queryset = players
        self.fields["player_b"].queryset = players
        self.fields["round_number"].widget = forms.Select(choices=[(r, r) for r in rounds])


class TableJudgesForm(forms.Form):
    """One judge per table; the judges are read once, whatever the number of tables."""

    def __init__(self, *args, tables: int, judges, initial_judges: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.judges_by_id = {str(j.pk): j for j in judges}
        choices = [("", "—")] + [(pk, j.nickname) for pk, j in self.judges_by_id.items()]
        for t in range(1, tables + 1):
            self.fields[f"table_{t}"] = forms.ChoiceField(
                label=_("Table %(n)s") % {"n": t}, choices=choices, required=False,
                initial=initial_judges.get(t),
            )

    def judges(self) -> dict:
        return {int(name.split("_")[1]): self.judges_by_id.get(value) for name, value in self.cleaned_data.items()}


class PublicationForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["publish_participants", "publish_seating", "publish_standings", "publish_results",
                  "publish_protocols"]


class BroadcastForm(forms.Form):
    """The broadcast link's delay; issuing it makes a new link (tournaments.services.broadcast)."""

    delay = forms.IntegerField(label=_("Delay, seconds"), min_value=0, max_value=MAX_BROADCAST_DELAY, initial=0,
                               help_text=_("The stream shows the tables this long after the fact."))


class StatusForm(forms.Form):
    """A tournament's or an evening's next status (the service says which moves are allowed)."""

    status = forms.ChoiceField(label=_("Status"))

    def __init__(self, *args, choices, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["status"].choices = choices
