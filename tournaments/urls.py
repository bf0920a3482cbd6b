"""Public pages of tournaments and club evenings (organizers' pages: urls_organizer.py)."""

from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("evenings/", views.evening_list, name="evenings"),
    path("evenings/<int:pk>/", views.evening_detail, name="evening"),
    path("evenings/<int:pk>/apply/", views.evening_apply, name="evening_apply"),
    path("evenings/<int:pk>/withdraw/", views.evening_withdraw, name="evening_withdraw"),
    path("applications/<slug:token>/", views.application_status, name="application"),
    path("applications/<slug:token>/withdraw/", views.application_status_withdraw, name="application_withdraw"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/apply/", views.apply, name="apply"),
    path("<slug:slug>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:slug>/participants/", views.participants, name="participants"),
    path("<slug:slug>/seating/", views.seating, name="seating"),
    path("<slug:slug>/seating/players/", views.seating_players, name="seating_players"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/print/", views.standings_print, name="standings_print"),
    path("<slug:slug>/standings.csv", views.standings_export, name="standings_csv"),
    path("<slug:slug>/players/<int:pk>/", views.player, name="player"),
    path("<slug:slug>/results/", views.results, name="results"),
    path("<slug:slug>/games/<int:pk>/", views.game, name="game"),
    path("<slug:slug>/live/", views.live, name="live"),
    path("<slug:slug>/games/<int:pk>/protocol/", views.protocol, name="protocol"),
]
