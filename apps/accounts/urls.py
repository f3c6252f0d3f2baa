from django.urls import path

from apps.accounts import views

urlpatterns = [
    path("auth/csrf", views.CsrfView.as_view(), name="auth-csrf"),
    path("auth/login", views.LoginView.as_view(), name="auth-login"),
    path("auth/logout", views.LogoutView.as_view(), name="auth-logout"),
    path("auth/token", views.TokenView.as_view(), name="auth-token"),
    path("me", views.MeView.as_view(), name="me"),
    path("staff/", views.StaffListView.as_view(), name="staff-list"),
]
