"""Routes of this app (under /api/)."""

from django.urls import path

from apps.participants import views

urlpatterns = [
    path("studies/", views.StudyListView.as_view(), name="study-list"),
    path("studies/<int:pk>/", views.StudyDetailView.as_view(), name="study-detail"),
    path("studies/<int:pk>/open/", views.StudyOpenView.as_view(), name="study-open"),
    path(
        "studies/<int:pk>/protocols/",
        views.StudyProtocolListView.as_view(),
        name="study-protocol-list",
    ),
    path("protocols/<int:pk>/", views.ProtocolDetailView.as_view(), name="protocol-detail"),
    path("participants/", views.ParticipantListView.as_view(), name="participant-list"),
    path(
        "participants/<int:pk>/", views.ParticipantDetailView.as_view(), name="participant-detail"
    ),
    path(
        "participants/<int:pk>/consent/",
        views.ParticipantConsentView.as_view(),
        name="participant-consent",
    ),
    path(
        "participants/<int:pk>/withdraw/",
        views.ParticipantWithdrawView.as_view(),
        name="participant-withdraw",
    ),
    path(
        "participants/<int:pk>/allocate/",
        views.ParticipantAllocateView.as_view(),
        name="participant-allocate",
    ),
    path("participants/<int:pk>/erase/", views.ParticipantEraseView.as_view()),
    path(
        "participants/<int:pk>/notes/",
        views.ParticipantNoteListView.as_view(),
        name="participant-notes",
    ),
    path(
        "participants/<int:pk>/notes/<int:note_id>/",
        views.ParticipantNoteDetailView.as_view(),
        name="participant-note-detail",
    ),
]
