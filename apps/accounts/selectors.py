"""Reads about staff accounts: who must sign in with a second factor, and what factors they
have."""

from __future__ import annotations

from functools import cache, reduce
from operator import or_
from typing import TYPE_CHECKING, TypedDict

from django.db import DEFAULT_DB_ALIAS
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q
from django.db.models.expressions import RawSQL
from django_otp import device_classes, devices_for_user
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from django_otp_webauthn.models import WebAuthnCredential
from rest_framework.authtoken.models import Token

from apps.accounts.models import SecondFactorRule, User
from apps.participants.models import Participant, Study

if TYPE_CHECKING:  # the type of a model read with annotations (django-stubs)
    from django_stubs_ext import WithAnnotations

FACTOR_KINDS = {TOTPDevice: "totp", StaticDevice: "recovery", WebAuthnCredential: "passkey"}


def second_factor_required(user: User) -> bool:
    """Admins always; others when a study they are on (owner, clinical team, or caring for one
    of its participants) asks it of their role."""
    if user.is_admin:
        return True
    rules = SecondFactorRule.objects.filter(_team_rules(user))
    return any(user.role in rule.roles for rule in rules)


def _team_rules(user) -> Q:
    """The second-factor rules of the studies ``user`` is on (owner, clinical team, or caring
    for one of its participants). One small subquery each way, not a join of all five tables:
    it runs in every token's sign-in, and PostgreSQL planned the join in 1 ms, twice this."""
    return (
        Q(study__in=Study.owners.through.objects.filter(user=user).values("study"))
        | Q(study__in=Study.clinicians.through.objects.filter(user=user).values("study"))
        | Q(study__in=Participant.objects.filter(clinicians=user).values("study"))
    )


class FactorFlags(TypedDict):
    """What :func:`token_for_key` adds to the token it reads."""

    factor_device: bool  # the user has a confirmed second factor of some kind
    team_rule: bool  # a study the user is on has a second-factor rule (for some roles)


class FactorFlagExpressions(TypedDict):
    """:class:`FactorFlags` as expressions about a token's user."""

    factor_device: ExpressionWrapper
    team_rule: Exists


def token_for_key(key: str) -> WithAnnotations[Token, FactorFlags] | None:
    """The API token of ``key``, with its user, whether it was handed out after a second factor,
    and what :func:`token_needs_second_factor` reads, all in one query: it runs on every
    token's request."""
    flags = _compiled_flags(DEFAULT_DB_ALIAS)
    return (
        Token.objects.select_related("user", "verified")
        .annotate(factor_device=flags["factor_device"], team_rule=flags["team_rule"])
        .filter(key=key)
        .first()
    )


def flag_expressions() -> FactorFlagExpressions:
    """The flags as the ORM writes them, about a token's user."""
    user = OuterRef("user")
    devices = [
        Exists(model.objects.filter(user=user, confirmed=True)) for model in device_classes()
    ]
    return {
        "factor_device": ExpressionWrapper(reduce(or_, devices), output_field=BooleanField()),
        # the token's user, seen from the subqueries inside the rules' subquery
        "team_rule": Exists(SecondFactorRule.objects.filter(_team_rules(OuterRef(user)))),
    }


@cache
def _compiled_flags(alias: str) -> dict[str, RawSQL]:
    """The flags' SQL, compiled once for a database: compiling their seven subqueries on
    every lookup took about 40% of its CPU (bench/token_lookup.py). The SQL is the ORM's own,
    and names the outer ``authtoken_token`` table as a lookup of tokens does."""
    query = Token.objects.annotate(**flag_expressions()).query
    compiler = query.get_compiler(alias)
    flags = {}
    for name, expression in query.annotations.items():
        sql, params = compiler.compile(expression)
        flags[name] = RawSQL(sql, params, output_field=BooleanField())
    return flags


def token_needs_second_factor(token: WithAnnotations[Token, FactorFlags]) -> bool:
    """Whether the account of a token from :func:`token_for_key` signs in with a second factor
    (it has one, or must), so that only a token handed out after one works. The roles a rule
    names are read only for a user on a study that has a rule."""
    if token.factor_device or token.user.is_admin:
        return True
    return token.team_rule and second_factor_required(token.user)


def second_factor_rule_roles(*, study) -> list[str]:
    rule = SecondFactorRule.objects.filter(study=study).first()
    return sorted(rule.roles) if rule else []


def factor_devices(user: User) -> list:
    """The user's confirmed devices (TOTP, recovery codes, passkeys)."""
    return list(devices_for_user(user, confirmed=True))


def has_factor_device(user: User) -> bool:
    """Whether the user has a confirmed device of any kind: one query, where listing them takes
    one a kind."""
    kinds = [
        model.objects.devices_for_user(user, confirmed=True).values("pk")
        for model in device_classes()
    ]
    return kinds[0].union(*kinds[1:], all=True).exists()


def factor_methods(user: User) -> list[str]:
    """The kinds of second factor the user can sign in with: ``totp``, ``recovery``,
    ``passkey`` (recovery codes only while some remain)."""
    methods = set()
    for device in factor_devices(user):
        kind = FACTOR_KINDS.get(type(device))
        if kind == "recovery" and not device.token_set.exists():
            continue
        if kind:
            methods.add(kind)
    return sorted(methods)


def factor_summary(user: User) -> dict:
    devices = factor_devices(user)
    recovery = [d for d in devices if isinstance(d, StaticDevice)]
    return {
        "enforced": second_factor_required(user),
        "totp": any(isinstance(d, TOTPDevice) for d in devices),
        "passkeys": [
            {"id": d.pk, "name": d.name, "created_at": d.created_at, "last_used_at": d.last_used_at}
            for d in devices
            if isinstance(d, WebAuthnCredential)
        ],
        "recovery_codes_left": sum(d.token_set.count() for d in recovery),
    }
