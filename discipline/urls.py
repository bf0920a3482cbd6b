"""Discipline review for organizers and chief judges (docs/discipline.md)."""

from django.urls import path

from . import views

app_name = "discipline"

urlpatterns = [
    path("", views.queue, name="queue"),
    path("<int:pk>/", views.case_detail, name="case"),
    path("<int:pk>/decide/", views.case_decide, name="decide"),
    path("<int:pk>/reopen/", views.case_reopen, name="reopen"),
    path("<int:pk>/note/", views.case_note, name="note"),
    path("chief-judge/<int:pk>/", views.chief_judge, name="chief_judge"),
]
