"""The language each request is answered in.

The links a participant opens on their own device are answered in that participant's language:
a play link (``/api/play/<link>/...``), their progress link (``/api/progress/<link>/`` and its
``reminders/``) and a reminder's two links (``/api/reminders/open/<link>/``,
``/api/reminders/stop/<link>/``), and the app's pages for them (``/play/<link>``,
``/progress/<link>``, ``/r/<link>``, ``/reminders/stop/<link>``). Staff requests are answered
in the staff member's (their session's here, and again when DRF signs them in:
``apps.accounts.authentication``, tokens included); anyone else (the sign-in page, a link that
is not valid) in the browser's Accept-Language, else English. Refusal codes stay the same in
every language: only the human message is translated. The app's page is written in the same
language, its direction with it (``apps.api.frontend``).
"""

from __future__ import annotations

import re

from django.utils import translation
from django.utils.cache import patch_vary_headers

from apps.games.selectors import link_language
from apps.programmes.selectors import progress_link_language
from apps.reminders.selectors import open_link_language, stop_link_language

# Each link route (the API's and the app page's), and the language of the participant its token
# names.
_LINKS = (
    (re.compile(r"^/api/play/(?P<token>[^/]+)/"), link_language),
    (re.compile(r"^/api/progress/(?P<token>[^/]+)/"), progress_link_language),
    (re.compile(r"^/api/reminders/open/(?P<token>[^/]+)/"), open_link_language),
    (re.compile(r"^/api/reminders/stop/(?P<token>[^/]+)/"), stop_link_language),
    (re.compile(r"^/play/(?P<token>[^/]+)/?$"), link_language),
    (re.compile(r"^/progress/(?P<token>[^/]+)/?$"), progress_link_language),
    (re.compile(r"^/r/(?P<token>[^/]+)/?$"), open_link_language),
    (re.compile(r"^/reminders/stop/(?P<token>[^/]+)/?$"), stop_link_language),
)


def device_language(path: str) -> str | None:
    """The language of the participant a link names, or None (not a link's route, an invalid
    link, or a seat with no participant)."""
    for route, language in _LINKS:
        if match := route.match(path):
            return language(match["token"])
    return None


def _staff_language(request) -> str | None:
    """A signed-in staff member's language (their session: the admin's pages, the app page).
    The API's sign-ins set it again when DRF authenticates, a token's included."""
    user = getattr(request, "user", None)
    return user.language if user is not None and user.is_authenticated else None


class LanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # A participant's link: their language, which the app's page says is theirs.
        request.link_language = device_language(request.path_info)
        language = (
            request.link_language
            or _staff_language(request)
            or translation.get_language_from_request(request)
        )
        translation.activate(language)
        try:
            response = self.get_response(request)
            # The language the answer was given in: a staff member's sign-in may have changed it.
            response.headers.setdefault("Content-Language", translation.get_language())
            patch_vary_headers(response, ("Accept-Language",))
            return response
        finally:
            translation.deactivate()  # nothing carries over to the thread's next request
