"""Simulation runs' pages, in the ``online`` namespace (asking for a run: urls_moderator.py)."""

from django.urls import path

from . import views

urlpatterns = [
    path("simulations/", views.simulation_list, name="simulations"),
    path("simulations/<int:pk>/", views.simulation_page, name="simulation"),
    path("simulations/<int:pk>/report.json", views.simulation_json, name="simulation_json"),
]
