from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from clubs.models import Club
from clubs.selectors import listed_players

from . import selectors
from .engine import display_rating
from .templatetags.ratings import history_chart


def leaderboard(request):
    track = request.GET.get("track", "overall")
    if track not in selectors.LEADERBOARD_TRACKS:
        track = "overall"
    club = None
    if request.GET.get("club"):
        club = Club.objects.filter(slug=request.GET["club"]).first()
    try:
        min_games = max(0, int(request.GET.get("min_games", 0)))
    except ValueError:
        min_games = 0
    ratings = selectors.rating_leaderboard(track=track, club=club, min_games=min_games)
    page = Paginator(ratings, 50).get_page(request.GET.get("page"))
    rows = [
        {"rank": page.start_index() + i, "rating": r, "value": display_rating(getattr(r, track)),
         "games": getattr(r, selectors.TRACK_GAMES[track])}
        for i, r in enumerate(page.object_list)
    ]
    query = urlencode({"track": track, "club": club.slug if club else "", "min_games": min_games})
    context = {"page": page, "query": query, "rows": rows, "track": track, "club": club, "min_games": min_games,
               "clubs": Club.objects.order_by("name")}
    template = "ratings/leaderboard.html#board" if request.htmx else "ratings/leaderboard.html"
    return render(request, template, context)


HISTORY_PER_PAGE = 50  # a regular's history ran to 24,700 px on a phone in one page


def player_rating(request, pk):
    """The rating, its chart over the whole history, and the history newest first, paginated."""
    player = get_object_or_404(listed_players(), pk=pk)
    history = list(selectors.player_rating_history(player, viewer=request.user))
    chart = history_chart(history)
    page = Paginator(history[::-1], HISTORY_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "ratings/player_rating.html", {
        "player": player, "history": page, "chart": chart,
        "rating": getattr(player, "rating", None),
        "hidden": selectors.hidden_rating_entries(player, viewer=request.user),
    })
