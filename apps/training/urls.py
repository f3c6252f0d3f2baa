"""Routes of this app (under /api/)."""

from django.urls import path

from apps.training import views

urlpatterns = [
    path("sessions/", views.SessionListView.as_view(), name="session-list"),
    path("sessions/<int:pk>/", views.SessionDetailView.as_view(), name="session-detail"),
    path("sessions/<int:pk>/start/", views.SessionStartView.as_view(), name="session-start"),
    path(
        "sessions/<int:pk>/complete/", views.SessionCompleteView.as_view(), name="session-complete"
    ),
    path("sessions/<int:pk>/abandon/", views.SessionAbandonView.as_view(), name="session-abandon"),
]
