from django.contrib import messages
from django.contrib.auth import login
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.errors import ApplicationError
from core.ratelimits import limit

from . import selectors, services
from .forms import SignUpForm
from .models import Club
from .permissions import user_may_judge, user_may_organize


def home(request):
    return render(request, "home.html", {"clubs": selectors.club_list()[:12]})


def club_list(request):
    return render(request, "clubs/club_list.html", {"clubs": selectors.club_list()})


def club_detail(request, slug):
    club = get_object_or_404(Club, slug=slug)
    context = {
        "club": club,
        "staff": selectors.club_staff(club),
        "member_count": club.memberships.count(),
        "may_judge": user_may_judge(request.user, club),
        "may_organize": user_may_organize(request.user, club),
    }
    return render(request, "clubs/club_detail.html", context)


def player_list(request):
    query = request.GET.get("q", "").strip()
    players = selectors.player_search(query)[:200]
    template = "clubs/player_list.html#results" if request.htmx else "clubs/player_list.html"
    return render(request, template, {"players": players, "q": query})


def player_detail(request, pk):
    player = get_object_or_404(selectors.listed_players().select_related("home_club"), pk=pk)
    own = request.user.is_authenticated and player.user_id == request.user.pk
    return render(request, "clubs/player_detail.html", {
        "player": player, "memberships": player.memberships.select_related("club"),
        # The player's own applications, on their own page only (whom they applied to is theirs):
        # the template draws them with tournaments' {% my_applications %}.
        "own": own,
    })


@require_http_methods(["GET", "POST"])
@limit("sign_up", key="ip")
def sign_up(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            player = services.player_sign_up(
                username=data["username"], email=data["email"], password=data["password1"],
                nickname=data["nickname"], home_club=data["home_club"], city=data["city"],
            )
        except ApplicationError as exc:
            form.add_error("nickname" if exc.code == "nickname" else
                           "username" if exc.code == "username" else None, exc.message)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(nickname)s!") % {"nickname": player.nickname})
            return redirect("home")
    return render(request, "registration/sign_up.html", {"form": form})
