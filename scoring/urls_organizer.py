from django.urls import path

from . import views_organizer

app_name = "pipeline"

urlpatterns = [
    path("", views_organizer.pipeline_status, name="status"),
]
