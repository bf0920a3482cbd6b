"""Asking for a simulation run, in the ``online_mod`` namespace (before the console's game slug)."""

from django.urls import path

from . import views

urlpatterns = [
    path("simulations/new/", views.simulation_new, name="simulation_new"),
]
