"""Organizers' actions on games: confirm a submitted protocol, publish or hide results, rotate or
withdraw the judge's private link, seat another participant at a tournament table."""

from django.urls import path

from . import views

app_name = "games_organize"

urlpatterns = [
    path("<int:pk>/link/rotate/", views.judge_link_rotate, name="link_rotate"),
    path("<int:pk>/link/revoke/", views.judge_link_revoke, name="link_revoke"),
    path("<int:pk>/seat/", views.seat_change, name="seat_change"),
    path("<int:pk>/<slug:action>/", views.organizer_action, name="action"),
]
