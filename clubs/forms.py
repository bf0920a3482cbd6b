from django import forms
from django.contrib.auth import password_validation
from django.utils.translation import gettext_lazy as _

from .models import Club


class SignUpForm(forms.Form):
    nickname = forms.CharField(label=_("Nickname"), max_length=60,
                               help_text=_("The name you play under; unique on the site."))
    username = forms.CharField(label=_("Username"), max_length=150)
    email = forms.EmailField(label=_("E-mail"), help_text=_("For password resets and seat notices."))
    password1 = forms.CharField(label=_("Password"), widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label=_("Password again"), widget=forms.PasswordInput, strip=False)
    home_club = forms.ModelChoiceField(label=_("Home club"), queryset=Club.objects.all(), required=False)
    city = forms.CharField(label=_("City"), max_length=120, required=False)

    def clean(self):
        cleaned = super().clean()
        p1, p2 = cleaned.get("password1"), cleaned.get("password2")
        if p1 and p2 and p1 != p2:
            self.add_error("password2", _("The two passwords differ."))
        elif p1:
            try:
                password_validation.validate_password(p1)
            except forms.ValidationError as exc:
                self.add_error("password1", exc)
        return cleaned
