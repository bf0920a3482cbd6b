"""Mafia 1923 events: the moderators' console (/organize/online/1923/)."""

from django.urls import path

from . import views_moderator as views

app_name = "m1923_mod"

urlpatterns = [
    path("", views.console, name="console"),
    path("<slug:slug>/", views.event, name="event"),
    path("<slug:slug>/setup.json", views.setup_json, name="setup_json"),
    path("<slug:slug>/<slug:action>/", views.action, name="action"),
]
