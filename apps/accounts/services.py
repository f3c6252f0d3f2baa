"""Writes of the accounts app: second factors (TOTP, recovery codes, passkeys), the studies'
second-factor rules, API tokens, and the demo logins of a local platform."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext
from django_otp import match_token
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.models import Token

from apps.accounts.models import SecondFactorRule, User, VerifiedToken
from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.errors import Conflict, PermissionDenied, ValidationFailed
from apps.participants.selectors import rules

RECOVERY_CODES = 10
# Roles a study's owners may require a second factor of (admins always need one).
RULE_ROLES = (User.Role.RESEARCHER, User.Role.CLINICIAN)
RULE_ROLE_CHOICES = [(role.value, role.label) for role in RULE_ROLES]

DEMO_PASSWORD = "memulation-demo"
DEMO_STAFF = (
    ("admin", User.Role.ADMIN),
    ("researcher", User.Role.RESEARCHER),
    ("clinician", User.Role.CLINICIAN),
    ("assessor", User.Role.ASSESSOR),
)


def demo_staff_ensure() -> dict[str, User]:
    """Create (or reset the password of) one login per role. Safe to run again."""
    staff = {}
    for username, role in DEMO_STAFF:
        user, _ = User.objects.get_or_create(username=username, defaults={"role": role})
        user.role = role
        user.is_staff = role == User.Role.ADMIN
        user.is_superuser = role == User.Role.ADMIN
        user.set_password(DEMO_PASSWORD)
        user.save()
        staff[username] = user
    return staff


def _factor_audit(user: User, *, action: str, kind: str, request=None) -> None:
    audit_record(
        actor=user,
        action=action,
        object_type="accounts.user",
        object_id=str(user.pk),
        after={"factor": kind},
        request=request,
    )


@transaction.atomic
def totp_enrol_begin(*, user: User) -> TOTPDevice:
    """A new, unconfirmed authenticator-app device (any earlier unconfirmed one is dropped):
    it counts once a code from it is confirmed."""
    TOTPDevice.objects.filter(user=user, confirmed=False).delete()
    return TOTPDevice.objects.create(user=user, name="Authenticator app", confirmed=False)


@transaction.atomic
def totp_enrol_confirm(*, user: User, code: str, request=None) -> tuple[TOTPDevice, list[str]]:
    """Confirm the waiting device with a code from it; the first factor also brings recovery
    codes (returned once, never again)."""
    device = TOTPDevice.objects.select_for_update().filter(user=user, confirmed=False).last()
    if device is None:
        raise Conflict(
            gettext("Start adding an authenticator app first."), code="no_enrolment_pending"
        )
    if not device.verify_token(code):
        raise ValidationFailed(
            gettext("That code is not the one the app shows now."), code="invalid_code"
        )
    TOTPDevice.objects.filter(user=user, confirmed=True).delete()  # one app at a time
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    _factor_audit(user, action=AuditEntry.Action.FACTOR_ADDED, kind="totp", request=request)
    return device, _first_recovery_codes(user, request=request)


@transaction.atomic
def passkey_added(*, user: User, request=None) -> list[str]:
    """Audit a passkey just registered; the first factor also brings recovery codes."""
    _factor_audit(user, action=AuditEntry.Action.FACTOR_ADDED, kind="passkey", request=request)
    return _first_recovery_codes(user, request=request)


def _first_recovery_codes(user: User, *, request=None) -> list[str]:
    if StaticToken.objects.filter(device__user=user).exists():
        return []
    return recovery_codes_renew(user=user, request=request)


@transaction.atomic
def recovery_codes_renew(*, user: User, request=None) -> list[str]:
    """A fresh set of single-use recovery codes; the old set stops working."""
    StaticDevice.objects.filter(user=user).delete()
    device = StaticDevice.objects.create(user=user, name="Recovery codes")
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create(StaticToken(device=device, token=code) for code in codes)
    _factor_audit(user, action=AuditEntry.Action.FACTOR_ADDED, kind="recovery", request=request)
    return codes


@transaction.atomic
def second_factor_rule_set(*, study, actor: User, roles: list[str]) -> SecondFactorRule:
    """Which roles of the study's team must sign in with a second factor (for its owners)."""
    rules.require(rules.owns_study(actor, study), gettext("Only the study's owners set this."))
    unknown = set(roles) - set(RULE_ROLES)
    if unknown:
        raise ValidationFailed(
            gettext("Roles that can be required: %(join)s.") % {"join": ", ".join(RULE_ROLES)}
        )
    rule, _ = SecondFactorRule.objects.select_for_update().get_or_create(study=study)
    before = {"roles": sorted(rule.roles)}
    rule.roles = sorted(set(roles))
    rule.changed_by = actor
    rule.save()
    if before != {"roles": rule.roles}:
        audit_record(
            actor=actor,
            action=AuditEntry.Action.UPDATE,
            instance=rule,
            before=before,
            after={"roles": rule.roles},
            study_id=study.pk,
        )
    return rule


@transaction.atomic
@transaction.atomic
def user_language_set(*, user: User, language: str) -> User:
    """A staff member's own language (their account settings)."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if language not in dict(settings.LANGUAGES):
        raise ValidationFailed(
            gettext("The request has invalid fields."),
            details={"language": [gettext("Not a language we ship.")]},
        )
    user.language = language
    user.save(update_fields=["language"])
    return user


def token_issue(*, user: User, device=None) -> Token:
    """The user's API token; with the device of a second factor it counts as verified. A
    token that was not verified is replaced rather than promoted (it may have leaked)."""
    token = Token.objects.filter(user=user).first()
    if device is not None:
        if token is not None and not VerifiedToken.objects.filter(token=token).exists():
            token.delete()
            token = None
        if token is None:
            token = Token.objects.create(user=user)
        VerifiedToken.objects.update_or_create(
            token=token, defaults={"device": device.persistent_id}
        )
        return token
    return token or Token.objects.create(user=user)


def reauthenticate(*, user: User, password: str, code: str = "", request=None):
    """The signed-in user proves it is them again (a signature, Part 11.200): the password,
    and the second factor when the account has one or must. Failures count towards the
    account's lockout. Returns the device that verified the code, if one was needed."""
    from apps.accounts import lockout
    from apps.accounts.selectors import factor_methods, second_factor_required
    from apps.accounts.signin import BadCredentials, factor_failed

    username = user.get_username()
    lockout.check(username)
    if not user.check_password(password):
        lockout.failed(username)
        raise BadCredentials(gettext("That is not your password."))
    if not (factor_methods(user) or second_factor_required(user)):
        lockout.succeeded(username)
        return None
    if not factor_methods(user):
        raise PermissionDenied(
            gettext("Your account must add a second factor before it signs."),
            code="second_factor_enrolment_required",
        )
    device = match_token(user, code.replace(" ", "")) if code else None
    if device is None:
        factor_failed(request, user, "code")
        raise BadCredentials(
            gettext("Give the code from your authenticator app (or a recovery code)."),
            code="invalid_second_factor",
        )
    lockout.succeeded(username)
    return device


def _account_snapshot(user: User) -> dict:
    return {"role": user.role, "is_active": user.is_active}


@transaction.atomic
def access_review_confirm(*, actor: User, accounts: int, unused: int, note: str = "", request=None):
    """The admin confirms the review: logged, with what it covered."""
    if not actor.is_admin:
        raise PermissionDenied(gettext("Access reviews are for administrators."))
    return audit_record(
        actor=actor,
        action=AuditEntry.Action.ACCESS_REVIEWED,
        object_type="accounts.accessreview",
        after={"accounts": accounts, "unused": unused, "note": note},
        request=request,
    )


@transaction.atomic
def access_revoke(*, actor: User, user: User, study=None, relation: str = "", request=None):
    """Revoke in place: the user's place on a study (owner or clinical team), or, without a
    study, the account itself (deactivated: it can no longer sign in; its records stay)."""
    from apps.participants.services import study_update

    if not actor.is_admin:
        raise PermissionDenied(gettext("Access reviews are for administrators."))
    if study is None:
        if user.pk == actor.pk:
            raise Conflict(gettext("You cannot deactivate your own account."), code="own_account")
        before = _account_snapshot(user)
        user.is_active = False
        user.save(update_fields=["is_active"])
        Token.objects.filter(user=user).delete()
        audit_record(
            actor=actor, action=AuditEntry.Action.UPDATE, object_type="accounts.user",
            object_id=str(user.pk), before=before, after=_account_snapshot(user),
            request=request, reason="Access review: account deactivated",
        )  # fmt: skip
        return
    if relation == "owner":
        study_update(study=study, actor=actor, owners=list(study.owners.exclude(pk=user.pk)))
    elif relation == "clinical_team":
        study_update(
            study=study, actor=actor, clinicians=list(study.clinicians.exclude(pk=user.pk))
        )
    else:
        raise ValidationFailed(
            gettext("The relation is owner or clinical_team."), code="validation_error"
        )
