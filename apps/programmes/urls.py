"""Routes of the programme (under /api/)."""

from django.urls import path

from apps.programmes import views

urlpatterns = [
    path("studies/<int:pk>/programme/", views.StudyProgrammeView.as_view()),
    path("studies/<int:pk>/flow/", views.StudyFlowView.as_view()),
    path("participants/<int:pk>/programme/", views.ParticipantProgrammeView.as_view()),
    path("participants/<int:pk>/dose/", views.DoseLedgerView.as_view()),
    path("participants/<int:pk>/dose/missed/", views.MissedDoseView.as_view()),
    path("participants/<int:pk>/progress-link/", views.ProgressLinkView.as_view()),
    path("progress/<str:token>/", views.ProgressView.as_view(), name="progress"),
]
