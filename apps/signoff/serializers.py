from rest_framework import serializers

from apps.signoff.models import Signature


class SignSerializer(serializers.Serializer):
    meaning = serializers.ChoiceField(
        choices=Signature.Meaning.choices, help_text="What the signature means."
    )
    password = serializers.CharField(max_length=128, style={"input_type": "password"})
    code = serializers.CharField(
        max_length=64,
        required=False,
        default="",
        allow_blank=True,
        help_text="The second factor's code, for an account that has one or must.",
    )


class SignatureSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    signer = serializers.CharField(help_text="The signer's printed name.")
    signer_id = serializers.IntegerField()
    meaning = serializers.ChoiceField(choices=Signature.Meaning.choices)
    signed_at = serializers.DateTimeField()
    content_hash = serializers.CharField(help_text="SHA-256 of what was signed.")
    superseded = serializers.BooleanField(
        help_text="What was signed has changed since: the signature no longer covers it."
    )
