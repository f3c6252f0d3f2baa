"""The browser app: ``frontend/dist/index.html`` for every page route (client-side routing),
its ``<html>`` in the language the request is answered in."""

import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import get_language, get_language_bidi, gettext
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET

from apps.common.errors import error_body

_HTML_TAG = re.compile(r"<html\b[^>]*>", re.IGNORECASE)


@lru_cache(maxsize=1)
def _index(path: Path, mtime: float) -> str:
    return path.read_text(encoding="utf-8")


def _in_language(page: str, link_language: str | None) -> str:
    """The page's ``<html>`` with the answer's language and its direction, so that the page is
    right to left in Arabic before its script runs. A participant's link marks the language as
    theirs: the app starts in it rather than in whatever this device last spoke."""
    attributes = f'lang="{escape(get_language())}" dir="{"rtl" if get_language_bidi() else "ltr"}"'
    if link_language:
        attributes += f' data-link-language="{escape(link_language)}"'
    return _HTML_TAG.sub(f"<html {attributes}>", page, count=1)


@require_GET
@ensure_csrf_cookie
def app_page(request, route: str = ""):
    index = Path(settings.FRONTEND_DIST) / "index.html"
    if not index.exists():
        body = error_body(
            "frontend_not_built",
            gettext(
                "The browser app has not been built: run `make run` "
                "(or `npm run build` in frontend/)."
            ),
        )
        return JsonResponse(body, status=503)
    page = _index(index, index.stat().st_mtime)
    response = HttpResponse(_in_language(page, getattr(request, "link_language", None)))
    response["Cache-Control"] = "no-cache"
    return response
