"""Routes of this app (under /api/)."""

from django.urls import path

from apps.exports import views

urlpatterns = [
    path("studies/<int:pk>/exports/", views.StudyExportListView.as_view(), name="study-exports"),
    path("exports/<int:pk>/", views.ExportDetailView.as_view(), name="export-detail"),
    path("exports/<int:pk>/download", views.ExportDownloadView.as_view(), name="export-download"),
]
