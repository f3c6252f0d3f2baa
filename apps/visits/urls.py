"""Routes of the assessment visits (under /api/)."""

from django.urls import path

from apps.visits import views

urlpatterns = [
    path("studies/<int:pk>/assessors/", views.StudyAssessorsView.as_view()),
    path("studies/<int:pk>/visit-windows/", views.VisitWindowsView.as_view()),
    path("visits/", views.VisitListView.as_view()),
    path("participants/<int:pk>/visits/", views.ParticipantVisitsView.as_view()),
    path("participants/<int:pk>/visits/<int:point_id>/", views.VisitRecordView.as_view()),
]
