from django.urls import path

from . import views

app_name = "leagues"

# Under /leagues/ (config/urls.py). "new" is no league's or series' address (services.RESERVED_SLUGS).
urlpatterns = [
    path("", views.league_list, name="list"),
    path("new/", views.league_create, name="league_create"),
    path("<slug:league>/", views.league_detail, name="league"),
    path("<slug:league>/edit/", views.league_edit, name="league_edit"),
    path("<slug:league>/tables/new/", views.points_table_create, name="table_create"),
    path("<slug:league>/tables/<int:pk>/rename/", views.points_table_rename, name="table_rename"),
    path("<slug:league>/tables/<int:pk>/versions/new/", views.version_create, name="version_create"),
    path("<slug:league>/tables/<int:pk>/versions/<int:version>/delete/", views.version_delete,
         name="version_delete"),
    path("<slug:league>/series/new/", views.series_create, name="series_create"),
    path("<slug:league>/series/<slug:series>/", views.series_detail, name="series"),
    path("<slug:league>/series/<slug:series>/standings.csv", views.series_csv, name="series_csv"),
    path("<slug:league>/series/<slug:series>/edit/", views.series_edit, name="series_edit"),
    path("<slug:league>/series/<slug:series>/tournaments/", views.series_tournament_add, name="series_tournament_add"),
    path("<slug:league>/series/<slug:series>/tournaments/<int:pk>/remove/", views.series_tournament_remove,
         name="series_tournament_remove"),
    path("<slug:league>/series/<slug:series>/recompute/", views.series_recompute, name="series_recompute"),
]
