from django.conf import settings
from django.utils.translation import gettext
from rest_framework import serializers

from apps.accounts.models import User
from apps.accounts.services import RULE_ROLE_CHOICES
from apps.common.fields import IdField


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})


class TokenRequestSerializer(LoginSerializer):
    code = serializers.CharField(
        max_length=64,
        required=False,
        help_text="A code from the authenticator app, or a recovery code: needed by an account "
        "that has a second factor or must have one.",
    )


class OptionalEmailField(serializers.EmailField):
    """An email address, or null when none is on file (never ``""``, which is no address)."""

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)

    def to_representation(self, value):
        return value or None


class MeSerializer(serializers.ModelSerializer):
    email = OptionalEmailField(read_only=True)
    idle_seconds = serializers.SerializerMethodField(
        help_text="The session ends after this many seconds without a request."
    )
    time_zone = serializers.SerializerMethodField(
        help_text="The clinic's time zone (IANA name): dates such as today's for a consent are "
        "its dates, whatever the browser's zone."
    )

    class Meta:
        model = User
        fields = [
            "id",
            "username",
            "first_name",
            "last_name",
            "email",
            "role",
            "language",
            "idle_seconds",
            "time_zone",
        ]
        read_only_fields = fields

    def get_idle_seconds(self, user) -> int:
        return settings.STAFF_IDLE_SECONDS

    def get_time_zone(self, user) -> str:
        return settings.TIME_ZONE


class MeUpdateSerializer(serializers.Serializer):
    """What staff members set in their own account settings."""

    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        help_text="The language of the staff pages and of the API's answers to this account.",
    )


class ChallengeSerializer(serializers.Serializer):
    """The password was right; the sign-in waits for a second factor."""

    second_factor = serializers.ChoiceField(
        choices=["verify", "enrol"],
        help_text="verify: give one of `methods`; enrol: this account must add a second "
        "factor before it can sign in.",
    )
    methods = serializers.ListField(
        child=serializers.ChoiceField(choices=["totp", "recovery", "passkey"])
    )


class SecondFactorSerializer(serializers.Serializer):
    code = serializers.CharField(
        max_length=64, required=False, help_text="A code from the app, or a recovery code."
    )
    passkey = serializers.JSONField(
        required=False, help_text="The browser's answer to the passkey options (JSON)."
    )

    def validate(self, attrs):
        if ("code" in attrs) == ("passkey" in attrs):
            raise serializers.ValidationError(gettext("Give either a code or a passkey answer."))
        if "passkey" in attrs and not isinstance(attrs["passkey"], dict):
            raise serializers.ValidationError({"passkey": gettext("Must be an object.")})
        return attrs


class CodeSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=64)


class TotpEnrolmentSerializer(serializers.Serializer):
    secret = serializers.CharField(help_text="The key, base32, to type into the app.")
    uri = serializers.CharField(help_text="otpauth:// URI, to show as a QR code.")


class RecoveryCodesSerializer(serializers.Serializer):
    recovery_codes = serializers.ListField(
        child=serializers.CharField(),
        help_text="Single-use codes, shown this once (empty: the ones you have still hold).",
    )


class PasskeyRegisterSerializer(serializers.Serializer):
    credential = serializers.JSONField(help_text="The browser's new credential (JSON).")

    def validate_credential(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError(gettext("Must be an object."))
        return value


class PasskeySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField(allow_null=True)
    last_used_at = serializers.DateTimeField(allow_null=True)


class FactorsSerializer(serializers.Serializer):
    enforced = serializers.BooleanField(help_text="This account must sign in with a factor.")
    totp = serializers.BooleanField(help_text="An authenticator app is set up.")
    passkeys = PasskeySerializer(many=True)
    recovery_codes_left = serializers.IntegerField()


class SecondFactorRuleSerializer(serializers.Serializer):
    roles = serializers.ListField(
        child=serializers.ChoiceField(choices=RULE_ROLE_CHOICES),
        max_length=len(RULE_ROLE_CHOICES),
        help_text="Roles of the study's team that must sign in with a second factor "
        "(administrators always must).",
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(read_only=True)


class StaffFilterSerializer(serializers.Serializer):
    role = serializers.ChoiceField(
        choices=User.Role.choices, required=False, help_text="Only staff of this role."
    )


class StaffSerializer(serializers.ModelSerializer):
    name = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = ["id", "username", "name", "role"]
        read_only_fields = fields

    def get_name(self, user) -> str:
        return user.get_full_name() or user.username


class AccessSerializer(serializers.Serializer):
    study = serializers.IntegerField()
    study_name = serializers.CharField()
    relation = serializers.ChoiceField(choices=["owner", "clinical_team", "caring"])
    participants = serializers.IntegerField(
        allow_null=True, help_text="caring: how many of the study's participants."
    )
    granted_at = serializers.DateTimeField(allow_null=True)
    granted_by = serializers.CharField(allow_null=True)


class AccountAccessSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=User.Role.choices)
    active = serializers.BooleanField()
    joined = serializers.DateTimeField()
    last_login = serializers.DateTimeField(allow_null=True)
    unused = serializers.BooleanField(help_text="Active, and no sign-in for `unused_days`.")
    second_factor = serializers.ListField(child=serializers.CharField())
    access = AccessSerializer(many=True)


class ReviewSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.CharField()


class AccessReviewSerializer(serializers.Serializer):
    unused_days = serializers.IntegerField()
    last_review = ReviewSerializer(allow_null=True)
    accounts = AccountAccessSerializer(many=True)


class ReviewConfirmSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=1000, required=False, default="", allow_blank=True)


class RevokeSerializer(serializers.Serializer):
    user = IdField(queryset=User.objects.all())
    study = serializers.IntegerField(
        required=False, help_text="Without a study, the account is deactivated."
    )
    relation = serializers.ChoiceField(choices=["owner", "clinical_team"], required=False)
