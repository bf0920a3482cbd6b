from django.urls import path

app_name = "tournaments"

urlpatterns: list = [
    path("<slug:slug>/", lambda request, slug: None, name="detail"),
    path("evenings/<int:pk>/", lambda request, pk: None, name="evening"),
]
