"""The language each request is answered in.

A participant device's requests (``/api/play/<link>/...``, the progress link) are answered in
its participant's language; staff requests in the staff member's (their session's here, and
again when DRF signs them in: ``apps.accounts.authentication``, tokens included); anyone else
(the sign-in page) in the browser's Accept-Language, else English. Refusal codes stay the same
in every language: only the human message is translated.
"""

from __future__ import annotations

import re

from django.utils import translation
from django.utils.cache import patch_vary_headers

from apps.games.selectors import link_language

_DEVICE = re.compile(r"^/api/play/(?P<token>[^/]+)/")


def device_language(path: str) -> str | None:
    """The language of the participant a device link seats, or None (not a device's link, an
    invalid one, or a seat with no participant)."""
    match = _DEVICE.match(path)
    return link_language(match["token"]) if match else None


def _staff_language(request) -> str | None:
    """A signed-in staff member's language (their session: the admin's pages, the app page).
    The API's sign-ins set it again when DRF authenticates, a token's included."""
    user = getattr(request, "user", None)
    return user.language if user is not None and user.is_authenticated else None


class LanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = (
            device_language(request.path_info)
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
