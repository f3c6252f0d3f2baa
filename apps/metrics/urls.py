from django.urls import path

from apps.metrics import views

urlpatterns = [
    path("metrics/catalogue/", views.CatalogueView.as_view(), name="metric-catalogue"),
    path("participants/<int:pk>/summary/", views.ParticipantSummaryView.as_view()),
    path("participants/<int:pk>/metrics/", views.ParticipantMetricView.as_view()),
    path("sessions/<int:pk>/analysis/", views.SessionAnalysisView.as_view()),
    path("studies/<int:pk>/cohort/", views.CohortView.as_view()),
]
