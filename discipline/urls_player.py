"""The player's side of a discipline case: their case and the appeal (docs/discipline.md)."""

from django.urls import path

from . import views

app_name = "discipline_player"

urlpatterns = [
    path("<int:pk>/", views.appeal, name="appeal"),
]
