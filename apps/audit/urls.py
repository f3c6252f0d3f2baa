"""Routes of this app (under /api/)."""

from django.urls import path

from apps.audit import views

urlpatterns = [
    path("audit/", views.AuditEntryListView.as_view(), name="audit-list"),
]
