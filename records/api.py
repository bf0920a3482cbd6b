"""A player's record, read-only (docs/api.md, "A player's record"): the totals and the games list
of the record page, for the same filters, read by the page's own form (records.forms), so the
page and the API never differ. A bad filter is a 400 naming it (the page, for a person, shows the
message and leaves the filter out)."""

from __future__ import annotations

from django import forms
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response

from clubs.selectors import listed_players
from core.api_errors import ErrorSerializer, valid_or_400

from . import selectors
from .forms import RecordFilterForm
from .serializers import RecordGameSerializer, RecordSerializer, totals_data

# Each filter of the record page's form, described for the schema (its type and values are the
# form field's own): a field of the form without a line here is an error at import.
FILTER_HELP = {
    "since": "The first day of the period (YYYY-MM-DD, the site's time zone).",
    "until": "The last day of the period (included).",
    "club": "A club's id: the games of that club (one of the player's clubs).",
    "tournament": "A tournament's id: the games of that tournament (one the player played in).",
    "ruleset": "The rules the games were played by.",
    "role": "A team (red: civilian and Sheriff; black: mafia and Don) or one role.",
    "seat": "The seat number.",
    "with_player": "A player's id: the games where that player sat at the same table.",
    "with_team": "With with_player: that player on the same team (same) or the other one (other).",
    "evening": "A club evening's id: the games of that evening (one the player played at).",
    "fact": "A figure's name (wins, guessed_three, nominated_black, rule:<slug>...; docs/records.md, "
            "\"Each figure's games\"): the games list narrowed to the games it counts. The totals stay "
            "those of the other filters.",
}
if set(FILTER_HELP) != set(RecordFilterForm.base_fields):
    raise TypeError(f"describe every filter of RecordFilterForm: {set(RecordFilterForm.base_fields) ^ set(FILTER_HELP)}")


def _parameter(name: str, field: forms.Field) -> OpenApiParameter:
    """A filter as the schema's query parameter: a date, an id, or one of the field's values."""
    if isinstance(field, forms.DateField):
        return OpenApiParameter(name, OpenApiTypes.DATE, description=FILTER_HELP[name])
    if isinstance(field, forms.ModelChoiceField):  # its choices are the player's own
        return OpenApiParameter(name, OpenApiTypes.INT, description=FILTER_HELP[name])
    if not hasattr(field, "choices"):  # free text (a figure's name): the form checks it
        return OpenApiParameter(name, OpenApiTypes.STR, description=FILTER_HELP[name])
    values = [value for value, _label in field.choices if value != ""]
    kind = OpenApiTypes.INT if isinstance(field, forms.TypedChoiceField) and field.coerce is int else OpenApiTypes.STR
    return OpenApiParameter(name, kind, enum=values or None, description=FILTER_HELP[name])


FILTER_PARAMETERS = [_parameter(name, field) for name, field in RecordFilterForm.base_fields.items()]


def record_filters(request, player) -> tuple[dict, dict]:
    """The record's filters from the query, read by the page's form: (the selectors' keyword
    arguments, the filters as the API echoes them, the figure narrowing the games list). A bad
    value: a 400 naming the filter."""
    form = valid_or_400(RecordFilterForm(request.query_params, player=player))
    filters = form.filters()
    applied = {name: getattr(value, "pk", value) if value != "" else None for name, value in form.cleaned_data.items()}
    if "with_team" not in filters:
        applied["with_team"] = None  # a team of nobody narrows nothing (records.forms)
    return filters, applied, form.figure()


class PlayerRecordView(generics.GenericAPIView):
    """A player's totals for the filters: every figure of the record page (/players/<id>/record/)."""

    serializer_class = RecordSerializer
    permission_classes = [permissions.AllowAny]
    pagination_class = None

    @extend_schema(summary="A player's record: totals", parameters=FILTER_PARAMETERS,
                   responses={200: RecordSerializer, 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request, pk: int):
        player = get_object_or_404(listed_players(), pk=pk)
        filters, applied, _figure = record_filters(request, player)  # a figure narrows the games list only
        data = {"player": player, "filters": applied, "totals": totals_data(selectors.player_totals(player, **filters))}
        return Response(self.get_serializer(data).data)


class PlayerRecordGamesView(generics.ListAPIView):
    """A player's published games for the filters, newest first (the record page's games list)."""

    serializer_class = RecordGameSerializer
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="A player's record: games", parameters=FILTER_PARAMETERS,
                   responses={200: RecordGameSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        player = get_object_or_404(listed_players(), pk=self.kwargs["pk"])
        filters, _applied, figure = record_filters(self.request, player)
        rows = selectors.figure_records(player, figure, **filters) if figure else selectors.player_records(player, **filters)
        return rows.select_related("tournament", "evening", "club")
