"""The API documentation page (Swagger UI over ``/api/schema/``)."""

import copy

from django.conf import settings
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.renderers import JSONRenderer

# Swagger UI's files come from its CDN, and its page carries a small inline stylesheet; its
# start-up script is served by this view itself (the "split" view), so no inline script runs.
_CDN = "https://cdn.jsdelivr.net"


def docs_policy() -> dict:
    policy = copy.deepcopy(settings.SECURE_CSP)
    policy["script-src"] = [CSP.SELF, _CDN]
    policy["style-src"] = [CSP.SELF, _CDN, CSP.UNSAFE_INLINE]
    policy["img-src"] = [CSP.SELF, "data:", _CDN]
    return policy


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI; its ``OPTIONS`` answer is JSON (the page's HTML renderer needs a template
    that an ``OPTIONS`` answer has not got)."""

    def options(self, request, *args, **kwargs):
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type
        return super().options(request, *args, **kwargs)


def docs_view(**kwargs):
    return csp_override(docs_policy())(DocsView.as_view(**kwargs))
