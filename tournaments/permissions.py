"""The organizers' gate: every view in ``urls_organizer`` is wrapped by one of these decorators.

They load the object from the URL, check ``clubs.permissions.user_may_organize`` on its club
(403 otherwise; anonymous users go to the login page) and pass the object on to the view.
``ApplicationError`` from a service is turned into a response in one place, ``handle_errors``:
a message and a redirect back for plain forms, a message fragment swapped into #messages for htmx.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme

from clubs.models import Club
from clubs.permissions import user_may_organize
from core.errors import ApplicationError

from .models import Application, Evening, Tournament


def _gate(request, club):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not user_may_organize(request.user, club):
        raise PermissionDenied
    request.may_organize = True
    return None


def back(request, fallback: str):
    target = request.POST.get("next") or request.headers.get("Referer") or ""
    # An address, never a view name: redirect("1e400") would try reverse() and fail with a 500.
    if target and target.startswith(("/", "http://", "https://")) and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return HttpResponseRedirect(target)
    return redirect(fallback)


def error_response(request, exc: ApplicationError, fallback: str):
    """The one place an ApplicationError becomes a response in this app."""
    if getattr(request, "htmx", False):
        response = HttpResponse(format_html('<div class="message error">{}</div>', exc.message))
        response["HX-Retarget"] = "#messages"
        response["HX-Reswap"] = "beforeend"
        return response
    messages.error(request, exc.message)
    return back(request, fallback)


def _fallback(obj) -> str:
    """Where to go back to after a refused action when the browser did not say where it came from."""
    if isinstance(obj, Tournament):
        return reverse("organize:tournament", kwargs={"slug": obj.slug})
    if isinstance(obj, Evening):
        return reverse("organize:evening", kwargs={"pk": obj.pk})
    if isinstance(obj, Application):
        return _fallback(obj.event)
    return reverse("organize:dashboard")


def _organizer(loader):
    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            obj, club = loader(**kwargs)
            denied = _gate(request, club)
            if denied is not None:
                return denied
            try:
                return view(request, obj)
            except ApplicationError as exc:
                return error_response(request, exc, fallback=_fallback(obj))

        return wrapper

    return decorator


def _tournament(slug):
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    return tournament, tournament.club


def _evening(pk):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    return evening, evening.club


def _club(club):
    club = get_object_or_404(Club, slug=club)
    return club, club


def _application(pk):
    application = get_object_or_404(
        Application.objects.select_related("tournament__club", "evening__club", "player__user",
                                           "player__home_club"), pk=pk)
    return application, application.event.club


organizes_tournament = _organizer(_tournament)
organizes_evening = _organizer(_evening)
organizes_club = _organizer(_club)
organizes_application = _organizer(_application)
