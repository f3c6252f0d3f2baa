"""The API documentation page (Swagger UI over ``/api/schema/``)."""

from drf_spectacular.views import SpectacularSwaggerView
from rest_framework.renderers import JSONRenderer


class DocsView(SpectacularSwaggerView):
    """Swagger UI; its ``OPTIONS`` answer is JSON (the page's HTML renderer needs a template
    that an ``OPTIONS`` answer has not got)."""

    def options(self, request, *args, **kwargs):
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type
        return super().options(request, *args, **kwargs)
