"""Routes of this app (under /api/)."""

from django.urls import path

from apps.signoff import views

urlpatterns = [
    path(
        "participants/<int:pk>/signatures/",
        views.ReportSignaturesView.as_view(),
        name="report-signatures",
    ),
    path(
        "exports/<int:pk>/signatures/",
        views.ExportSignaturesView.as_view(),
        name="export-signatures",
    ),
]
