"""Staff sign-in for the browser (session + CSRF) and for scripts (token)."""

from django.contrib.auth import authenticate, login, logout
from django.middleware.csrf import get_token
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts import lockout
from apps.accounts.lockout import LoginThrottle
from apps.accounts.models import User
from apps.accounts.serializers import (
    LoginSerializer,
    MeSerializer,
    StaffSerializer,
    TokenSerializer,
)
from apps.common.errors import DomainError, PermissionDenied


class BadCredentials(DomainError):
    code = "invalid_credentials"
    status = 400


def _authenticate(request, data) -> object:
    serializer = LoginSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    username = serializer.validated_data["username"]
    lockout.check(username)
    user = authenticate(request, **serializer.validated_data)
    if user is None:
        lockout.failed(username)
        raise BadCredentials("Unknown username or wrong password.")
    lockout.succeeded(username)
    return user


class LoginView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [LoginThrottle]
    throttle_scope = "login"

    @extend_schema(request=LoginSerializer, responses=MeSerializer, summary="Sign in (session)")
    def post(self, request):
        user = _authenticate(request._request, request.data)
        login(request._request, user)
        return Response(MeSerializer(user).data)


class LogoutView(APIView):
    @extend_schema(request=None, responses={204: None}, summary="Sign out")
    def post(self, request):
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MeSerializer, summary="The signed-in staff member")
    def get(self, request):
        return Response(MeSerializer(request.user).data)


class CsrfView(APIView):
    """Sets the CSRF cookie so a browser app can sign in with a session."""

    permission_classes = [AllowAny]

    @extend_schema(responses={204: None}, summary="Set the CSRF cookie")
    def get(self, request):
        get_token(request._request)  # marks the cookie to be sent with this response
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenView(APIView):
    """A long-lived token for scripts: send it as ``Authorization: Token <key>``."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [LoginThrottle]
    throttle_scope = "login"

    @extend_schema(request=LoginSerializer, responses=TokenSerializer, summary="Get an API token")
    def post(self, request):
        user = _authenticate(request._request, request.data)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class StaffListView(APIView):
    """Active staff, for choosing owners and clinical teams (admins and researchers only)."""

    @extend_schema(
        parameters=[OpenApiParameter("role", str, enum=[r.value for r in User.Role])],
        responses=StaffSerializer(many=True),
        summary="Staff members",
    )
    def get(self, request):
        if not (request.user.is_admin or request.user.is_researcher):
            raise PermissionDenied("Only administrators and researchers list staff.")
        staff = User.objects.filter(is_active=True).order_by("username")
        role = request.query_params.get("role")
        if role:
            staff = staff.filter(role=role)
        return Response(StaffSerializer(staff, many=True).data)
