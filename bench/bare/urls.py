"""The product's URLs with the benchmark-only ones in front (before the browser app's catch-all)."""

from django.urls import path

from bench.bare import views
from config import urls

urlpatterns = [
    path("bench/bare/<int:counter_id>/", views.BareView.as_view()),
    *urls.urlpatterns,
]
handler400, handler403 = urls.handler400, urls.handler403
handler404, handler500 = urls.handler404, urls.handler500
