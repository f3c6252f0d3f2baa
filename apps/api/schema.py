"""The OpenAPI schema at ``/api/schema/``, written once per process for each language and
format.

The schema follows from the code alone and is the same for every caller (it is public, and no
view's description depends on who asks), so a process keeps what it wrote: making it cost
about 0.15 s of CPU and writing it out as YAML as much again, on every request. What is kept
is bounded: the shipped languages times the four formats, with no version asked for; any
other request (a language not shipped or a version named in the query, a format with
parameters of its own) is written afresh as before.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation
from drf_spectacular.views import SpectacularAPIView

_LANGUAGES = frozenset(code for code, _ in settings.LANGUAGES)


class SchemaView(SpectacularAPIView):
    # (language, media type): the body, its content type and its Content-Disposition.
    written: dict[tuple[str, str], tuple[bytes, str, str]] = {}

    def _get_schema_response(self, request):
        version = self.api_version or request.version or self._get_version_parameter(request)
        language = translation.get_language()
        media_type = request.accepted_media_type
        if (
            version is not None
            or language not in _LANGUAGES
            or media_type != request.accepted_renderer.media_type
        ):
            return super()._get_schema_response(request)
        key = (language, media_type)
        if key not in self.written:
            response = super()._get_schema_response(request)
            # Rendered here as DRF renders it after the view (finalize_response, then render).
            response.accepted_renderer = request.accepted_renderer
            response.accepted_media_type = media_type
            response.renderer_context = self.get_renderer_context()
            response.render()
            self.written[key] = (
                response.content,
                response["Content-Type"],
                response["Content-Disposition"],
            )
        content, content_type, disposition = self.written[key]
        return HttpResponse(
            content, content_type=content_type, headers={"Content-Disposition": disposition}
        )
