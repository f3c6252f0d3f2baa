"""API tokens that follow the second-factor rule: an account that must use a second factor (or
has one) signs in with a token only if it was handed out after one."""

from rest_framework import authentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from apps.accounts.selectors import factor_devices, second_factor_required
from apps.common.errors import PermissionDenied


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        token = Token.objects.select_related("user", "verified").filter(key=key).first()
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        user = token.user
        if not user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        if not hasattr(token, "verified") and (
            second_factor_required(user) or factor_devices(user)
        ):
            raise PermissionDenied(
                "This token was handed out without a second factor, which this account needs: "
                "get a new one from /api/auth/token with your code.",
                code="second_factor_required",
            )
        return user, token
