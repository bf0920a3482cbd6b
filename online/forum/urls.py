"""The forum game's public pages and its players' actions, in the ``online`` namespace (online/urls.py
puts them last: ``<slug>/`` catches what the other pages leave)."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.game_list, name="list"),
    path("roles/", views.role_catalogue, name="roles"),
    path("setups/<slug:slug>/night-order/", views.night_order, name="night_order"),
    path("setups/<slug:slug>/setup.json", views.setup_json, name="setup_json"),
    path("<slug:slug>/", views.game_page, name="game"),
    path("<slug:slug>/votes/", views.vote_count, name="vote_count"),
    path("<slug:slug>/post/", views.post_create, name="post"),
    path("<slug:slug>/vote/", views.vote, name="vote"),
    path("<slug:slug>/action/", views.night_action, name="action"),
    path("<slug:slug>/signup/", views.signup, name="signup"),
    path("<slug:slug>/follow/", views.follow, name="follow"),
    path("<slug:slug>/review/", views.review, name="review"),
]
