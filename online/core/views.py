"""The pages of online play that belong to no one game: a user's notifications of every game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from .notifications import notifications_mark_read


@login_required
def notifications(request: HttpRequest) -> HttpResponse:
    items = list(request.user.online_notifications.select_related("game__setup")[:100])
    if request.method == "POST":
        notifications_mark_read(user=request.user)
        return redirect(reverse("online:notifications"))
    return render(request, "online/core/notifications.html", {"items": items})
