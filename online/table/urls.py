"""The auto-judged table's pages, in the ``online`` namespace (online/urls.py puts them before
the forum games' catch-all slug)."""

from django.urls import path

from . import views

urlpatterns = [
    path("table/", views.table_home, name="table_home"),
    path("table/new/", views.table_new, name="table_new"),
    path("table/<slug:token>/", views.table_page, name="table"),
    path("table/<slug:token>/answer/", views.table_act, name="table_answer"),
    path("table/<slug:token>/heard/", views.table_heard, name="table_heard"),
    path("table/<slug:token>/clock/", views.table_clock, name="table_clock"),
    path("table/<slug:token>/protocol.json", views.table_protocol, name="table_protocol"),
    path("table/<slug:token>/transcript.txt", views.table_transcript, name="table_transcript"),
]
