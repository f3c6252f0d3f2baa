"""Routes of this app (under /api/)."""

from django.urls import path

from apps.fhir import views

urlpatterns = [
    path("participants/<int:pk>/fhir/", views.ParticipantFhirView.as_view(), name="fhir"),
    path(
        "participants/<int:pk>/clinic-identifier/",
        views.ClinicIdentifierView.as_view(),
        name="clinic-identifier",
    ),
    path("fhir/CodeSystem/metric", views.CodeSystemView.as_view(), name="fhir-code-system"),
]
