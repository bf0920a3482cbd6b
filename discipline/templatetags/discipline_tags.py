"""The player's discipline history, for the player's page (docs/discipline.md)."""

from django import template

from discipline import selectors

register = template.Library()


@register.inclusion_tag("discipline/_player_history.html", takes_context=True)
def player_discipline(context, player):
    """Every case of the player across all clubs: shown to the player, organizers and chief judges."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if not selectors.user_may_see_history(user, player):
        return {"show": False}
    cases = list(selectors.player_discipline_history(player)[:100])
    own = player.user_id is not None and player.user_id == user.pk
    reviewable = set()
    if not own:
        reviewable = set(selectors.cases_for_reviewer(user).filter(player=player).values_list("pk", flat=True))
    for case in cases:
        case.reviewable = case.pk in reviewable
    return {"show": True, "cases": cases, "own": own, "reviewer": bool(reviewable)}
