"""Routes of this app (under /api/)."""

from django.urls import path

from apps.reports import views

urlpatterns = [
    path(
        "participants/<int:pk>/report/",
        views.ParticipantReportView.as_view(),
        name="participant-report",
    ),
    path("participants/<int:pk>/access-request/", views.AccessRequestView.as_view()),
    path("games/<int:game_id>/review/", views.GameReviewView.as_view(), name="game-review"),
]
