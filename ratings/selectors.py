"""Reads for ratings."""

from django.db.models import QuerySet

from clubs.models import Club, Player
from games.visibility import roles_visible_q

from .models import PlayerRating, RatingEntry

LEADERBOARD_TRACKS = {"overall": "overall", "red": "red", "black": "black"}
TRACK_GAMES = {"overall": "games", "red": "red_games", "black": "black_games"}


def rating_leaderboard(*, track: str = "overall", club: Club | None = None, min_games: int = 0) -> QuerySet[PlayerRating]:
    """Players ordered by the rating of a track; ``club`` keeps that club's members."""
    field = LEADERBOARD_TRACKS.get(track, "overall")
    ratings = PlayerRating.objects.select_related("player", "player__home_club")
    if min_games:
        ratings = ratings.filter(**{f"{TRACK_GAMES[track if track in TRACK_GAMES else 'overall']}__gte": min_games})
    if club is not None:
        ratings = ratings.filter(player__memberships__club=club)
    return ratings.order_by(f"-{field}", "player__nickname")


def player_rating_history(player: Player, *, viewer=None) -> QuerySet[RatingEntry]:
    """A player's rating changes, oldest first, showing ``viewer`` only the games whose roles they
    may see: a row's colour and result would give away a role before the results are published.
    Only published games are rated; the filter covers the moment between a game's unpublishing
    and the recompute that takes it out."""
    return RatingEntry.objects.filter(player=player).filter(roles_visible_q(viewer, prefix="game__")).select_related(
        "game", "game__club", "game__tournament", "game__round"
    ).order_by("rated_at", "game_id")


def hidden_rating_entries(player: Player, *, viewer=None) -> int:
    """How many of the player's rated games the viewer may not see yet."""
    return RatingEntry.objects.filter(player=player).exclude(roles_visible_q(viewer, prefix="game__")).count()
