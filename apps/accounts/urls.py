from django.urls import path

from apps.accounts import views

urlpatterns = [
    path("auth/csrf", views.CsrfView.as_view(), name="auth-csrf"),
    path("auth/login", views.LoginView.as_view(), name="auth-login"),
    path("auth/second-factor", views.SecondFactorView.as_view(), name="auth-second-factor"),
    path("auth/passkeys/options", views.PasskeyOptionsView.as_view(), name="auth-passkey-options"),
    path("auth/totp", views.TotpEnrolView.as_view(), name="auth-totp"),
    path("auth/totp/confirm", views.TotpConfirmView.as_view(), name="auth-totp-confirm"),
    path(
        "auth/passkeys/register/options",
        views.PasskeyRegisterOptionsView.as_view(),
        name="auth-passkey-register-options",
    ),
    path("auth/passkeys", views.PasskeyRegisterView.as_view(), name="auth-passkey-register"),
    path("auth/recovery-codes", views.RecoveryCodesView.as_view(), name="auth-recovery-codes"),
    path("auth/logout", views.LogoutView.as_view(), name="auth-logout"),
    path("auth/token", views.TokenView.as_view(), name="auth-token"),
    path("me", views.MeView.as_view(), name="me"),
    path("me/second-factor", views.FactorsView.as_view(), name="me-second-factor"),
    path("staff/", views.StaffListView.as_view(), name="staff-list"),
    path("access-review/", views.AccessReviewView.as_view(), name="access-review"),
    path("access-review/export", views.AccessReviewExportView.as_view(), name="access-review-csv"),
    path(
        "access-review/confirm",
        views.AccessReviewConfirmView.as_view(),
        name="access-review-confirm",
    ),
    path("access-review/revoke", views.AccessRevokeView.as_view(), name="access-revoke"),
    path(
        "studies/<int:pk>/second-factor/",
        views.StudySecondFactorView.as_view(),
        name="study-second-factor",
    ),
]
