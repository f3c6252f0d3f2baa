"""The browser app: ``frontend/dist/index.html`` for every page route (client-side routing)."""

from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET

from apps.common.errors import error_body


@lru_cache(maxsize=1)
def _index(path: Path, mtime: float) -> str:
    return path.read_text(encoding="utf-8")


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
    response = HttpResponse(_index(index, index.stat().st_mtime))
    response["Cache-Control"] = "no-cache"
    return response
