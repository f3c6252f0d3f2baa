"""Routes of the reminders (under /api/)."""

from django.urls import path

from apps.reminders import views

urlpatterns = [
    path("participants/<int:pk>/reminders/", views.ParticipantRemindersView.as_view()),
    path("progress/<str:token>/reminders/", views.OwnRemindersView.as_view()),
    path("reminders/open/<str:token>/", views.ReminderOpenView.as_view()),
    path("reminders/stop/<str:token>/", views.ReminderStopView.as_view()),
]
