"""Mafia 1923 events: the players' and spectators' pages (/online/1923/)."""

from django.urls import path

from . import views

app_name = "m1923"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("<slug:slug>/", views.event_page, name="event"),
    path("<slug:slug>/signup/", views.signup, name="signup"),
    path("<slug:slug>/actions/", views.actions, name="actions"),
    path("<slug:slug>/votes/", views.votes, name="votes"),
    path("<slug:slug>/family/<int:index>/", views.family, name="family"),
    path("<slug:slug>/board/", views.board, name="board"),
    path("<slug:slug>/questions/", views.questions, name="questions"),
]
