from rest_framework import serializers

from apps.accounts.models import User


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})


class OptionalEmailField(serializers.EmailField):
    """An email address, or null when none is on file (never ``""``, which is no address)."""

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)

    def to_representation(self, value):
        return value or None


class MeSerializer(serializers.ModelSerializer):
    email = OptionalEmailField(read_only=True)

    class Meta:
        model = User
        fields = ["id", "username", "first_name", "last_name", "email", "role"]
        read_only_fields = fields


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(read_only=True)


class StaffSerializer(serializers.ModelSerializer):
    name = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = ["id", "username", "name", "role"]
        read_only_fields = fields

    def get_name(self, user) -> str:
        return user.get_full_name() or user.username
