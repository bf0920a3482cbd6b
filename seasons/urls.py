from django.urls import path

from . import views

app_name = "seasons"

# Under /clubs/<slug>/seasons/ (config/urls.py).
urlpatterns = [
    path("", views.season_list, name="list"),
    path("new/", views.season_create, name="create"),
    path("<int:pk>/", views.season_detail, name="detail"),
    path("<int:pk>/standings.csv", views.season_csv, name="csv"),
    path("<int:pk>/edit/", views.season_edit, name="edit"),
]
