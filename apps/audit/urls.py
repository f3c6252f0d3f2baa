"""Routes of this app (under /api/)."""

urlpatterns: list = []
