"""Organizers' actions on games: confirm a submitted protocol, publish or hide results."""

from django.urls import path

from . import views

app_name = "games_organize"

urlpatterns = [
    path("<int:pk>/<slug:action>/", views.organizer_action, name="action"),
]
