"""Public pages of games: what anyone may see (roles only under games.visibility.may_see_roles)."""

from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("<int:pk>/", views.game_detail, name="detail"),
]
