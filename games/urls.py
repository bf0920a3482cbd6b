from django.urls import path

app_name = "games"

urlpatterns: list = [
    path("<int:pk>/", lambda request, pk: None, name="detail"),
]
