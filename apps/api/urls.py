"""Every API route, under ``/api/``."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("", include("apps.accounts.urls")),
    path("", include("apps.participants.urls")),
    path("", include("apps.training.urls")),
    path("", include("apps.audit.urls")),
    path("", include("apps.games.urls")),
    path("", include("apps.metrics.urls")),
    path("", include("apps.exports.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
