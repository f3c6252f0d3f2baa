"""Staff sign-in for the browser (session + CSRF) and for scripts (token), in two steps when a
second factor is needed (see :mod:`apps.accounts.signin`), and the factors themselves."""

from django.contrib.auth import logout
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import translation
from django.utils.translation import gettext
from django_otp import match_token
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts import access, lockout, passkeys, services, signin
from apps.accounts.lockout import LoginThrottle
from apps.accounts.models import User
from apps.accounts.selectors import (
    factor_methods,
    factor_summary,
    second_factor_rule_roles,
)
from apps.accounts.serializers import (
    AccessReviewSerializer,
    ChallengeSerializer,
    CodeSerializer,
    FactorsSerializer,
    LoginSerializer,
    MeSerializer,
    MeUpdateSerializer,
    PasskeyRegisterSerializer,
    RecoveryCodesSerializer,
    ReviewConfirmSerializer,
    ReviewSerializer,
    RevokeSerializer,
    SecondFactorRuleSerializer,
    SecondFactorSerializer,
    StaffFilterSerializer,
    StaffSerializer,
    TokenRequestSerializer,
    TokenSerializer,
    TotpEnrolmentSerializer,
)
from apps.common.errors import PermissionDenied, ValidationFailed
from apps.participants.selectors import study_get


def _parsed(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class SignInStep(APIView):
    """The steps of a sign-in: open to anyone (each checks what the session holds)."""

    permission_classes = [AllowAny]


class SecretCheck(SignInStep):
    """Steps that check a password, a code or a passkey: counted by the per-address rate."""

    throttle_classes = [LoginThrottle]
    throttle_scope = "login"


class LoginView(SecretCheck):
    @extend_schema(
        request=LoginSerializer,
        responses={200: MeSerializer, 202: ChallengeSerializer},
        summary="Sign in (session): 200 signed in, 202 a second factor is needed",
    )
    def post(self, request):
        data = _parsed(LoginSerializer, request.data)
        user = signin.password_check(request._request, **data)
        needed = signin.begin(request._request, user)
        if needed is not None:
            return Response(needed, status=status.HTTP_202_ACCEPTED)
        return Response(MeSerializer(user).data)


class SecondFactorView(SecretCheck):
    @extend_schema(
        request=SecondFactorSerializer,
        responses=MeSerializer,
        summary="Complete a waiting sign-in with a code, a recovery code or a passkey",
    )
    def post(self, request):
        data = _parsed(SecondFactorSerializer, request.data)
        user = signin.waiting_user(request._request)
        lockout.check(user.get_username())
        if "code" in data:
            device, kind = match_token(user, data["code"].replace(" ", "")), "code"
        else:
            device, kind = passkeys.authenticate(request._request, user, data["passkey"]), "passkey"
        if device is None:
            signin.factor_failed(request._request, user, kind)
            raise signin.BadCredentials(
                gettext("That code or passkey is not right."), code="invalid_second_factor"
            )
        lockout.succeeded(user.get_username())
        signin.finish(request._request, user, device)
        return Response(MeSerializer(user).data)


class PasskeyOptionsView(SignInStep):
    @extend_schema(
        request=None,
        responses=OpenApiResponse(
            OpenApiTypes.OBJECT, description="PublicKeyCredentialRequestOptions"
        ),
        summary="Passkey options for a waiting sign-in (navigator.credentials.get)",
    )
    def post(self, request):
        user = signin.waiting_user(request._request)
        if "passkey" not in factor_methods(user):
            raise ValidationFailed(gettext("This account has no passkey."), code="no_passkey")
        return Response(passkeys.authenticate_options(request._request, user))


class TotpEnrolView(SignInStep):
    @extend_schema(
        request=None,
        responses={201: TotpEnrolmentSerializer},
        summary="Start adding an authenticator app (signed in, or a sign-in waiting to enrol)",
    )
    def post(self, request):
        user, _ = signin.enrolling_user(request._request)
        device = services.totp_enrol_begin(user=user)
        secret = device.config_url.split("secret=")[1].split("&")[0]
        body = {"secret": secret, "uri": device.config_url}
        return Response(body, status=status.HTTP_201_CREATED)


class TotpConfirmView(SignInStep):
    @extend_schema(
        request=CodeSerializer,
        responses=RecoveryCodesSerializer,
        summary="Confirm the authenticator app with its code (a waiting sign-in completes)",
    )
    def post(self, request):
        data = _parsed(CodeSerializer, request.data)
        user, waiting = signin.enrolling_user(request._request)
        device, codes = services.totp_enrol_confirm(
            user=user, code=data["code"].replace(" ", ""), request=request._request
        )
        if waiting:
            signin.finish(request._request, user, device)
        return Response({"recovery_codes": codes})


class PasskeyRegisterOptionsView(SignInStep):
    @extend_schema(
        request=None,
        responses=OpenApiResponse(
            OpenApiTypes.OBJECT, description="PublicKeyCredentialCreationOptions"
        ),
        summary="Passkey options to add one (navigator.credentials.create)",
    )
    def post(self, request):
        user, _ = signin.enrolling_user(request._request)
        return Response(passkeys.register_options(request._request, user))


class PasskeyRegisterView(SignInStep):
    @extend_schema(
        request=PasskeyRegisterSerializer,
        responses={201: RecoveryCodesSerializer},
        summary="Add the passkey the browser made (a waiting sign-in completes)",
    )
    def post(self, request):
        data = _parsed(PasskeyRegisterSerializer, request.data)
        user, waiting = signin.enrolling_user(request._request)
        device = passkeys.register(request._request, user, data["credential"])
        if device is None:
            raise ValidationFailed(
                gettext("The browser's passkey could not be verified; try again."),
                code="invalid_passkey",
            )
        codes = services.passkey_added(user=user, request=request._request)
        if waiting:
            signin.finish(request._request, user, device)
        return Response({"recovery_codes": codes}, status=status.HTTP_201_CREATED)


class RecoveryCodesView(APIView):
    @extend_schema(
        request=None,
        responses={201: RecoveryCodesSerializer},
        summary="A new set of recovery codes (the old ones stop working)",
    )
    def post(self, request):
        if not factor_methods(request.user):
            raise ValidationFailed(
                gettext("Add an authenticator app or a passkey first."), code="no_second_factor"
            )
        codes = services.recovery_codes_renew(user=request.user, request=request._request)
        return Response({"recovery_codes": codes}, status=status.HTTP_201_CREATED)


class FactorsView(APIView):
    @extend_schema(responses=FactorsSerializer, summary="Your second factors")
    def get(self, request):
        return Response(FactorsSerializer(factor_summary(request.user)).data)


class StudySecondFactorView(APIView):
    @extend_schema(
        responses=SecondFactorRuleSerializer,
        summary="Which roles of the study's team must sign in with a second factor",
    )
    def get(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        return Response({"roles": second_factor_rule_roles(study=study)})

    @extend_schema(
        request=SecondFactorRuleSerializer,
        responses=SecondFactorRuleSerializer,
        summary="Require a second factor of roles of the study's team (its owners)",
    )
    def put(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        data = _parsed(SecondFactorRuleSerializer, request.data)
        rule = services.second_factor_rule_set(study=study, actor=request.user, roles=data["roles"])
        return Response({"roles": rule.roles})


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

    @extend_schema(
        request=MeUpdateSerializer,
        responses=MeSerializer,
        summary="Change the signed-in staff member's own settings (their language)",
    )
    def patch(self, request):
        data = _parsed(MeUpdateSerializer, request.data)
        user = services.user_language_set(user=request.user, language=data["language"])
        translation.activate(user.language)  # answered in the language just chosen
        return Response(MeSerializer(user).data)


class CsrfView(APIView):
    """Sets the CSRF cookie so a browser app can sign in with a session."""

    permission_classes = [AllowAny]

    @extend_schema(responses={204: None}, summary="Set the CSRF cookie")
    def get(self, request):
        get_token(request._request)  # marks the cookie to be sent with this response
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenView(SecretCheck):
    """A long-lived token for scripts: send it as ``Authorization: Token <key>``. An account
    with a second factor (or that must have one) also sends a code."""

    authentication_classes: list = []

    @extend_schema(
        request=TokenRequestSerializer, responses=TokenSerializer, summary="Get an API token"
    )
    def post(self, request):
        data = _parsed(TokenRequestSerializer, request.data)
        user = signin.password_check(
            request._request, username=data["username"], password=data["password"]
        )
        device = None
        needed = signin.challenge(user)
        if needed is not None:
            if needed["second_factor"] == "enrol":
                raise PermissionDenied(
                    gettext("This account must add a second factor: sign in on the site first."),
                    code="second_factor_enrolment_required",
                )
            if not data.get("code"):
                raise PermissionDenied(
                    gettext("This account signs in with a second factor: send its code as `code`."),
                    code="second_factor_required",
                )
            device = match_token(user, data["code"].replace(" ", ""))
            if device is None:
                signin.factor_failed(request._request, user, "code")
                raise signin.BadCredentials(
                    gettext("That code is not right."), code="invalid_second_factor"
                )
        token = services.token_issue(user=user, device=device)
        return Response({"token": token.key})


class StaffListView(APIView):
    """Active staff, for choosing owners and clinical teams (admins and researchers only)."""

    @extend_schema(
        parameters=[StaffFilterSerializer],
        responses=StaffSerializer(many=True),
        summary="Staff members",
    )
    def get(self, request):
        if not (request.user.is_admin or request.user.is_researcher):
            raise PermissionDenied(gettext("Only administrators and researchers list staff."))
        filters = _parsed(StaffFilterSerializer, request.query_params)
        staff = User.objects.filter(is_active=True).order_by("username")
        if "role" in filters:
            staff = staff.filter(role=filters["role"])
        return Response(StaffSerializer(staff, many=True).data)


def _admin_only(user) -> None:
    if not user.is_admin:
        raise PermissionDenied(gettext("Access reviews are for administrators."))


class AccessReviewView(APIView):
    @extend_schema(responses=AccessReviewSerializer, summary="The access review (admins)")
    def get(self, request):
        _admin_only(request.user)
        return Response(AccessReviewSerializer(access.access_review()).data)


class AccessReviewExportView(APIView):
    @extend_schema(
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="CSV")},
        summary="The access review as CSV (admins)",
    )
    def get(self, request):
        _admin_only(request.user)
        body = access.access_review_csv(access.access_review())
        response = HttpResponse(body, content_type="text/csv")
        response["Content-Disposition"] = 'attachment; filename="access-review.csv"'
        response["Cache-Control"] = "no-store"
        return response


class AccessReviewConfirmView(APIView):
    @extend_schema(
        request=ReviewConfirmSerializer,
        responses={201: ReviewSerializer},
        summary="Confirm the access review (logged in the audit trail)",
    )
    def post(self, request):
        _admin_only(request.user)
        data = _parsed(ReviewConfirmSerializer, request.data)
        review = access.access_review()
        entry = services.access_review_confirm(
            actor=request.user,
            accounts=len(review["accounts"]),
            unused=sum(a["unused"] for a in review["accounts"]),
            note=data["note"],
            request=request._request,
        )
        return Response({"at": entry.at, "by": entry.actor_name}, status=status.HTTP_201_CREATED)


class AccessRevokeView(APIView):
    @extend_schema(
        request=RevokeSerializer,
        responses=AccessReviewSerializer,
        summary="Revoke in place: a place on a study, or the account (admins)",
    )
    def post(self, request):
        _admin_only(request.user)
        data = _parsed(RevokeSerializer, request.data)
        study = study_get(user=request.user, study_id=data["study"]) if "study" in data else None
        services.access_revoke(
            actor=request.user,
            user=data["user"],
            study=study,
            relation=data.get("relation", ""),
            request=request._request,
        )
        return Response(AccessReviewSerializer(access.access_review()).data)
