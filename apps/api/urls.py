"""Every API route, under ``/api/``."""

from django.urls import include, path, re_path

from apps.api import errors
from apps.api.docs import docs_view
from apps.api.schema import SchemaView

urlpatterns = [
    # The games' routes first: Django tries the patterns in order, and participant devices make
    # most requests. No two routes of these apps match the same path, so the order is free.
    path("", include("apps.games.urls")),
    path("", include("apps.accounts.urls")),
    path("", include("apps.participants.urls")),
    path("", include("apps.training.urls")),
    path("", include("apps.programmes.urls")),
    path("", include("apps.visits.urls")),
    path("", include("apps.reminders.urls")),
    path("", include("apps.audit.urls")),
    path("", include("apps.metrics.urls")),
    path("", include("apps.exports.urls")),
    path("", include("apps.reports.urls")),
    path("", include("apps.signoff.urls")),
    path("", include("apps.fhir.urls")),
    path("", include("apps.live.urls")),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("docs/", docs_view(url_name="schema"), name="docs"),
    # Anything else under /api/ is a 404 in the error shape, also with DEBUG on (where Django
    # would answer with its HTML debug page).
    re_path(r"^", errors.not_found),
]
