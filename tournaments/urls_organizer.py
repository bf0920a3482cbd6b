"""Organizers' pages (Tabbycat's urls_admin): every view checks user_may_organize on the club."""

from django.urls import path

from . import views_organizer as views

app_name = "organize"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("clubs/<slug:club>/tournaments/new/", views.tournament_create, name="tournament_create"),
    path("clubs/<slug:club>/evenings/new/", views.evening_create, name="evening_create"),
    path("tournaments/<slug:slug>/", views.tournament_manage, name="tournament"),
    path("tournaments/<slug:slug>/edit/", views.tournament_edit, name="tournament_edit"),
    path("tournaments/<slug:slug>/status/", views.tournament_status, name="tournament_status"),
    path("tournaments/<slug:slug>/publication/", views.tournament_publication, name="tournament_publication"),
    path("tournaments/<slug:slug>/broadcast/issue/", views.tournament_broadcast_issue,
         name="tournament_broadcast_issue"),
    path("tournaments/<slug:slug>/broadcast/revoke/", views.tournament_broadcast_revoke,
         name="tournament_broadcast_revoke"),
    path("tournaments/<slug:slug>/applications/", views.tournament_applications, name="tournament_applications"),
    path("tournaments/<slug:slug>/applications.csv", views.tournament_applications_csv,
         name="tournament_applications_csv"),
    path("tournaments/<slug:slug>/seating/", views.seating_manage, name="seating"),
    path("tournaments/<slug:slug>/seating/generate/", views.seating_generate, name="seating_generate"),
    path("tournaments/<slug:slug>/seating/swap/", views.seating_swap, name="seating_swap"),
    path("tournaments/<slug:slug>/seating/judges/", views.seating_judges, name="seating_judges"),
    path("tournaments/<slug:slug>/seating/publish/", views.seating_publish, name="seating_publish"),
    path("tournaments/<slug:slug>/final/", views.final_create, name="final_create"),
    path("evenings/<int:pk>/", views.evening_manage, name="evening"),
    path("evenings/<int:pk>/edit/", views.evening_edit, name="evening_edit"),
    path("evenings/<int:pk>/status/", views.evening_status, name="evening_status"),
    path("evenings/<int:pk>/applications.csv", views.evening_applications_csv, name="evening_applications_csv"),
    path("applications/<int:pk>/decide/", views.application_decide, name="application_decide"),
    path("applications/<int:pk>/withdraw/", views.application_withdraw, name="application_withdraw"),
    path("applications/<int:pk>/note/", views.application_note, name="application_note"),
]
