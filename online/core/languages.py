"""The language each user reads the site in, kept for what has no request to take it from: the
e-mails of online games (online/tasks.py). It is the language the user last read an online
game's pages in (``RememberLanguageMiddleware``: the language switch in the header, which sets
the language cookie, or else the browser's Accept-Language); the site's default (English)
before that."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from .models import LanguagePreference

SESSION_KEY = "online_language_saved"


def languages() -> set[str]:
    return {code for code, _name in settings.LANGUAGES}


def language_of(user) -> str:

    chosen = LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()
    return chosen if chosen in languages() else settings.LANGUAGE_CODE


def remember(user, language: str) -> bool:
    """Keep ``language`` as the user's; False (nothing written) for a language the site has not."""

    if language not in languages():
        return False
    LanguagePreference.objects.update_or_create(user=user, defaults={"language": language})
    return True


def _online_paths() -> tuple[str, ...]:

    return (reverse("online:list"), reverse("online_mod:console"))


class RememberLanguageMiddleware:
    """After LocaleMiddleware and AuthenticationMiddleware: the language of a signed-in user on the
    pages of online games (whose players and spectators are the e-mails' readers), written when
    it changes; the session remembers what was written, so a request costs no query, and no
    other page of the site asks anything more of the database."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.paths: tuple[str, ...] | None = None

    def __call__(self, request):
        response = self.get_response(request)
        if self.paths is None:
            self.paths = _online_paths()
        user = getattr(request, "user", None)
        session = getattr(request, "session", None)
        if (user is not None and user.is_authenticated and session is not None
                and request.path.startswith(self.paths)):
            language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language_from_request(request)
            if language and session.get(SESSION_KEY) != language and remember(user, language):
                session[SESSION_KEY] = language
        return response
