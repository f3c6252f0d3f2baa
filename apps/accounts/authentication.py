"""Staff sign-ins for the API, each answered in the staff member's own language; API tokens
follow the second-factor rule: an account that must use a second factor (or has one) signs in
with a token only if it was handed out after one."""

import drf_spectacular.authentication
from django.utils import translation
from django.utils.translation import gettext
from rest_framework import authentication
from rest_framework.exceptions import AuthenticationFailed

from apps.accounts.selectors import token_for_key, token_needs_second_factor
from apps.common.errors import PermissionDenied


def _in_their_language(signed_in):
    """Answer the rest of the request in the staff member's language (the middleware set the
    browser's before anyone was signed in; apps.api.language)."""
    if signed_in is not None:
        translation.activate(signed_in[0].language)
    return signed_in


class SessionAuthentication(authentication.SessionAuthentication):
    def authenticate(self, request):
        return _in_their_language(super().authenticate(request))


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate(self, request):
        return _in_their_language(super().authenticate(request))

    def authenticate_credentials(self, key):
        token = token_for_key(key)
        if token is None:
            raise AuthenticationFailed(gettext("Invalid token."))
        user = token.user
        if not user.is_active:
            raise AuthenticationFailed(gettext("User inactive or deleted."))
        if not hasattr(token, "verified") and token_needs_second_factor(token):
            raise PermissionDenied(
                gettext(
                    "This token was handed out without a second factor, which this account needs: "
                    "get a new one from /api/auth/token with your code."
                ),
                code="second_factor_required",
            )
        return user, token


class SessionScheme(drf_spectacular.authentication.SessionScheme):
    """The OpenAPI schema's cookie sign-in, for the session sign-in above (the schema
    generator only knows DRF's own class by name)."""

    target_class = "apps.accounts.authentication.SessionAuthentication"
