from django.contrib import admin
from django.urls import include, path, re_path

from apps.api import frontend, health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/", include("apps.api.urls")),
    # Every other page is a route of the browser app (ws/ is the live tables' sockets: over
    # plain HTTP, or to a server that serves no sockets, it is not found).
    re_path(r"^(?!api/|admin/|static/|ws/)(?P<route>.*)$", frontend.app_page, name="app"),
]

handler400 = "apps.api.errors.bad_request"
handler403 = "apps.api.errors.permission_denied"
handler404 = "apps.api.errors.not_found"
handler500 = "apps.api.errors.server_error"
