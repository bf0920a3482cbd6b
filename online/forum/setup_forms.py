"""The moderator's setup form and its JSON import/export (docs/online-site.md, "Setups").

A setup is data (roles with counts and teams, options, phase lengths). The form writes that data;
the JSON import reads it as power users write it; both go through ``validate_setup`` — the
engine's own loader (``load_setup``: the rules of what a setup may be) plus the site's limits
(``MAX_PLAYERS``, ``MAX_PHASE_HOURS``, a setup not decided at its start) — and each refusal is
one translated sentence naming the line or option at fault (``setup_message``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from online.engine import DealRoles, Join, RuleError, Start, create_game, load_setup, resolve
from online.engine.forum.roles import ROLES, SIDES
from online.engine.forum.ruleset import OPTIONS, ForumRuleset
from online.engine.setup import SCUM

from . import texts

MAX_PLAYERS = 30  # issue 17: "each with up to 30 players"
MAX_PHASE_HOURS = 24 * 14
HOURS = ("day_hours", "night_hours", "night_zero_hours")
SWITCHES = ("day_start", "nightless", "mandatory_lynch", "reveal_on_death", "moderator_review")
OPTION_LABELS = {
    "day_start": gettext_lazy("Day Start: the game begins with Day 1"),
    "nightless": gettext_lazy("Nightless: Day 1, Day 2, … and no nights"),
    "mandatory_lynch": gettext_lazy("Mandatory Lynch: the day's deadline lynches the most-voted (a tie: the "
                                    "first listed)"),
    "reveal_on_death": gettext_lazy("A player's role is made public when they leave"),
    "moderator_review": gettext_lazy("Each resolution waits for the moderator to publish it"),
    "day_hours": gettext_lazy("A day lasts (hours)"),
    "night_hours": gettext_lazy("A night lasts (hours)"),
    "night_zero_hours": gettext_lazy("Night 0 lasts (hours)"),
}
EXTRA_TEAM = "extra"  # the form's choice for the setup's own scum team (its id comes from its name)


def setup_message(error: RuleError) -> str:
    """The engine's refusal of a setup in the reader's language, naming what is at fault."""
    d = error.details
    line = d.get("entry", -1) + 1 if isinstance(d.get("entry"), int) else None
    role = texts.role_name(d.get("role")) if d.get("role") else ""
    if error.rule == "setup.not-json":
        return _("This is not valid JSON.")
    if error.rule == "setup.not-an-object":
        return _("A setup is a JSON object: {\"roles\": […], \"options\": {…}}.")
    if error.rule == "setup.unknown-field":
        return _("Unknown setup fields: %(fields)s (known: name, ruleset, roles, options, sides).") % {
            "fields": ", ".join(d.get("fields", []))}
    if error.rule == "setup.unknown-ruleset":
        return _("Unknown ruleset: the forum game's is “forum”.")
    if error.rule == "setup.roles":
        if line is None:
            return _("List at least one role.")
        return _("Role line %(line)d is not {\"role\", \"count\", \"side\", \"uses\"}.") % {"line": line}
    if error.rule == "setup.unknown-role":
        return _("Role line %(line)d: there is no role “%(role)s”.") % {"line": line, "role": d.get("role")}
    if error.rule == "setup.count":
        return _("Role line %(line)d (%(role)s): the count is a whole number, at least 1.") % {"line": line,
                                                                                             "role": role}
    if error.rule == "setup.unknown-side":
        return _("Role line %(line)d (%(role)s): there is no team “%(side)s”.") % {
            "line": line, "role": role, "side": d.get("side")}
    if error.rule == "setup.side-kind" and line is not None:
        return _("Role line %(line)d: a %(role)s cannot play for the team “%(side)s”.") % {
            "line": line, "role": role, "side": texts.side_name(d.get("side"))}
    if error.rule == "setup.side-kind":
        return _("Team “%(side)s”: its kind is town, scum or solo.") % {"side": d.get("side")}
    if error.rule == "setup.sides":
        return _("Team “%(side)s” is {\"name\": …, \"kind\": \"town\", \"scum\" or \"solo\"}.") % {
            "side": d.get("side")}
    if error.rule == "setup.uses":
        return _("Role line %(line)d (%(role)s): uses is a whole number, at least 1, and only for a role with a "
                 "night action.") % {"line": line, "role": role}
    if error.rule == "setup.option-type":
        label = OPTION_LABELS.get(d.get("option"), d.get("option"))
        if d.get("kind") == "bool":
            return _("%(option)s: true or false.") % {"option": label}
        return _("%(option)s: a whole number, at least 1.") % {"option": label}
    if error.rule == "setup.unknown-option":
        return _("Unknown options: %(options)s (known: %(known)s).") % {
            "options": ", ".join(d.get("options", [])), "known": ", ".join(OPTIONS)}
    if error.rule == "setup.too-small":
        return _("A forum game has at least three players.")
    return _("This is not a valid setup (%(rule)s).") % {"rule": error.rule}


def validate_setup(data) -> dict:
    """The normalised setup, or ``ValidationError`` with one clear sentence: the engine's rules,
    then the site's limits. The form and the JSON import both come here."""
    try:
        setup = load_setup(data)
    except RuleError as error:
        raise ValidationError(setup_message(error), code=error.rule) from error
    if setup.ruleset != ForumRuleset.id:
        return setup.to_dict()  # another ruleset's site checks its own settings (Mafia 1923: event_create)
    size = len(setup.entries)
    if size > MAX_PLAYERS:
        raise ValidationError(_("A game has at most %(max)d players; this setup has %(n)d.")
                              % {"max": MAX_PLAYERS, "n": size}, code="setup.too-big")
    for key in HOURS:
        if setup.option(key) > MAX_PHASE_HOURS:
            raise ValidationError(_("%(option)s: at most %(max)d hours (two weeks).")
                                  % {"option": OPTION_LABELS[key], "max": MAX_PHASE_HOURS}, code="setup.hours")
    _refuse_decided_at_start(setup)
    return setup.to_dict()


def _refuse_decided_at_start(setup) -> None:
    """A setup the win conditions decide before anyone plays (no killer at all; a team already at
    parity) would end the moment it starts: the engine's own start says so."""
    at = datetime(2000, 1, 1, tzinfo=UTC)
    state, _log = create_game(setup, "check", at)
    commands = [Join(at=at, name=f"{n}") for n in range(1, len(setup.entries) + 1)]
    state, events = resolve(state, [*commands, DealRoles(at=at), Start(at=at)])
    ended = next((event for event in events if event["type"] == "game_ended"), None)
    if ended is None:
        return
    if ended.get("winner"):
        raise ValidationError(_("This setup is decided before anyone plays: %(side)s would win at the start.")
                              % {"side": texts.side_name(ended["winner"])}, code="setup.decided")
    raise ValidationError(_("This setup is decided before anyone plays."), code="setup.decided")


def _team_choices(role_id: str, extra_name: str) -> list[tuple[str, str]]:
    kind = SIDES[ROLES[role_id].side].kind
    choices = [(side.id, texts.side_name(side.id)) for side in SIDES.values() if side.kind == kind]
    if kind == SCUM:
        choices.append((EXTRA_TEAM, extra_name or _("The extra scum team (name it below)")))
    return choices


class SetupForm(forms.Form):
    """Roles with counts and teams, the options, the phase lengths: one row per role of the
    catalogue (a count of 0 leaves it out)."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    extra_team = forms.CharField(
        label=gettext_lazy("An extra scum team (optional)"), max_length=40, required=False,
        help_text=gettext_lazy("E.g. “Yakuza”: a second scum team with its own thread and kill. Choose it as the "
                               "team of its roles below."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        extra = (self.data.get("extra_team") or self.initial.get("extra_team") or "").strip()
        for role_id in ROLES:
            self.fields[f"count_{role_id}"] = forms.IntegerField(
                label=texts.role_name(role_id), min_value=0, max_value=MAX_PLAYERS, initial=0, required=False)
            choices = _team_choices(role_id, extra)
            if len(choices) > 1:
                self.fields[f"team_{role_id}"] = forms.ChoiceField(
                    label=_("Team of the %(role)s") % {"role": texts.role_name(role_id)}, choices=choices,
                    initial=ROLES[role_id].side, required=False)
            if ROLES[role_id].abilities:
                self.fields[f"uses_{role_id}"] = forms.IntegerField(
                    label=_("Uses of the %(role)s's action") % {"role": texts.role_name(role_id)}, min_value=1,
                    max_value=99, required=False, help_text=gettext_lazy("Empty: every night."))
        for key in SWITCHES:
            self.fields[key] = forms.BooleanField(label=OPTION_LABELS[key], required=False,
                                                  initial=OPTIONS[key][1])
        for key in HOURS:
            self.fields[key] = forms.IntegerField(label=OPTION_LABELS[key], min_value=1, max_value=MAX_PHASE_HOURS,
                                                  initial=OPTIONS[key][1])

    def role_rows(self):
        """The role table: each row's count, team and uses fields (bound)."""
        for role_id in ROLES:
            yield {
                "role": role_id,
                "count": self[f"count_{role_id}"],
                "team": self[f"team_{role_id}"] if f"team_{role_id}" in self.fields else None,
                "fixed_team": texts.side_name(ROLES[role_id].side),
                "uses": self[f"uses_{role_id}"] if f"uses_{role_id}" in self.fields else None,
            }

    def option_fields(self):
        return [self[key] for key in (*SWITCHES, *HOURS)]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        extra_name = (cleaned.get("extra_team") or "").strip()
        extra_id = slugify(extra_name).replace("-", "_")[:30]
        if extra_name and (not extra_id or extra_id in SIDES):
            self.add_error("extra_team", _("Give the extra team a name of its own (letters or digits)."))
            return cleaned
        roles, sides = [], {}
        for role_id in ROLES:
            count = cleaned.get(f"count_{role_id}") or 0
            if not count:
                continue
            entry = {"role": role_id, "count": count}
            team = cleaned.get(f"team_{role_id}") or ROLES[role_id].side
            if team == EXTRA_TEAM:
                if not extra_name:
                    self.add_error(f"team_{role_id}", _("Name the extra scum team first."))
                    return cleaned
                team = extra_id
                sides[extra_id] = {"name": extra_name, "kind": SCUM}
            if team != ROLES[role_id].side:
                entry["side"] = team
            if cleaned.get(f"uses_{role_id}"):
                entry["uses"] = cleaned[f"uses_{role_id}"]
            roles.append(entry)
        data = {"name": cleaned["name"], "ruleset": "forum", "roles": roles,
                "options": {key: bool(cleaned.get(key)) for key in SWITCHES} | {key: cleaned[key] for key in HOURS}}
        if sides:
            data["sides"] = sides
        try:
            cleaned["setup"] = validate_setup(data)
        except ValidationError as error:
            self.add_error(None, error)
        return cleaned


def initial_from(data: dict) -> dict:
    """The form's initial values from a stored setup (to start a new one from it)."""
    initial = {"name": data.get("name", "")}
    for entry in data.get("roles", []):
        role_id = entry.get("role")
        if role_id not in ROLES:  # another ruleset's role: the form has no row for it
            continue
        initial[f"count_{role_id}"] = initial.get(f"count_{role_id}", 0) + entry.get("count", 1)
        side = entry.get("side", ROLES[role_id].side)
        if side not in SIDES:
            initial["extra_team"] = data.get("sides", {}).get(side, {}).get("name", side)
            side = EXTRA_TEAM
        initial[f"team_{role_id}"] = side
        if entry.get("uses"):
            initial[f"uses_{role_id}"] = entry["uses"]
    initial.update({key: value for key, value in data.get("options", {}).items() if key in (*SWITCHES, *HOURS)})
    return initial


class SetupImportForm(forms.Form):
    """A setup as JSON (the engine's format, as the export writes it), validated like the form."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120, required=False,
                           help_text=gettext_lazy("Empty: the JSON's own name."))
    data = forms.CharField(label=gettext_lazy("Setup as JSON"), widget=forms.Textarea(attrs={"rows": 10}),
                           max_length=20000)

    def clean(self):
        cleaned = super().clean()
        if "data" not in cleaned:
            return cleaned
        try:
            data = json.loads(cleaned["data"])
        except ValueError:
            raise ValidationError(_("This is not valid JSON."), code="setup.not-json") from None
        if isinstance(data, dict):
            data = {"ruleset": "forum", **data}  # the forum game's ruleset unless it names another
            if (cleaned.get("name") or "").strip():
                data["name"] = cleaned["name"].strip()
        normalised = validate_setup(data)
        if not (normalised.get("name") or "").strip():
            self.add_error("name", _("Give the setup a name (here or in the JSON)."))
            return cleaned
        cleaned["setup"] = normalised
        return cleaned


def export_json(setup_data: dict) -> str:
    return json.dumps(setup_data, ensure_ascii=False, indent=2)
