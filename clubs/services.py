"""Writes for clubs and people. Keyword-only, validated, atomic (HackSoft style)."""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.audit import log_action
from core.errors import ApplicationError

from .models import Club, ClubMembership, Player


def nickname_is_taken(nickname: str, *, exclude_pk: int | None = None) -> bool:
    players = Player.objects.filter(nickname__iexact=nickname.strip())
    if exclude_pk is not None:
        players = players.exclude(pk=exclude_pk)
    return players.exists()


@transaction.atomic
def player_sign_up(
    *, username: str, email: str, password: str, nickname: str,
    home_club: Club | None = None, city: str = "",
) -> Player:
    """Create an account and the player it plays as, together or not at all."""
    nickname = nickname.strip()
    if not nickname:
        raise ApplicationError(_("Choose a nickname."), code="nickname")
    if nickname_is_taken(nickname):
        raise ApplicationError(
            _("The nickname %(nickname)s is already taken.") % {"nickname": nickname},
            code="nickname",
        )
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise ApplicationError(_("That username is already taken."), code="username")
    try:
        user = User.objects.create_user(username=username, email=email, password=password)
        player = Player.objects.create(nickname=nickname, user=user, home_club=home_club, city=city)
    except IntegrityError as exc:  # a simultaneous sign-up took the name between check and insert
        raise ApplicationError(_("That nickname or username was just taken."), code="race") from exc
    if home_club is not None:
        ClubMembership.objects.create(club=home_club, player=player, role=ClubMembership.Role.MEMBER)
    log_action(player, action="player.signed_up", actor=user, data={"nickname": nickname})
    return player


@transaction.atomic
def membership_set_role(*, club: Club, player: Player, role: str, actor=None) -> ClubMembership:
    if role not in ClubMembership.Role.values:
        raise ApplicationError(_("Unknown club role."), code="role")
    membership, created = ClubMembership.objects.select_for_update().get_or_create(
        club=club, player=player, defaults={"role": role}
    )
    before = None if created else membership.role
    if not created and membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    log_action(membership, action="membership.role_set", actor=actor, data={"from": before, "to": role})
    return membership


@transaction.atomic
def membership_remove(*, membership: ClubMembership, actor=None) -> None:
    """A player leaves a club (or loses their role in it), on the audit trail like every role change."""
    log_action(membership.club, action="membership.removed", actor=actor,
               data={"player": membership.player_id, "role": membership.role})
    membership.delete()
