from django.urls import path

from . import views_pipeline as views_organizer

app_name = "pipeline"

urlpatterns = [
    path("", views_organizer.pipeline_status, name="status"),
]
