"""Who may act on a record they can see. What they can see at all is the selectors' job.

Admins may do everything. Researchers run the studies they own. Clinicians enrol participants into
studies whose clinical team they are on, and care for the participants assigned to them.
"""

from apps.common.errors import PermissionDenied


def require(allowed: bool, message: str) -> None:
    if not allowed:
        raise PermissionDenied(message)


def may_create_study(user) -> bool:
    return user.is_admin or user.is_researcher


def owns_study(user, study) -> bool:
    return user.is_admin or (user.is_researcher and study.owners.filter(pk=user.pk).exists())


def may_enrol(user, study) -> bool:
    on_team = user.is_clinician and study.clinicians.filter(pk=user.pk).exists()
    return owns_study(user, study) or on_team


def cares_for(user, participant) -> bool:
    """The participant's clinical team: admins and the clinicians assigned to them."""
    assigned = user.is_clinician and participant.clinicians.filter(pk=user.pk).exists()
    return user.is_admin or assigned


def may_run_sessions(user, participant) -> bool:
    """Record consent, start and end sittings: the study's owners and the clinical team."""
    return owns_study(user, participant.study) or cares_for(user, participant)


def recruits(user, participant) -> bool:
    """Who allocates in a concealed design: the clinicians assigned to the participant (never
    the study's owners or admins, who see the arms)."""
    return user.is_clinician and participant.clinicians.filter(pk=user.pk).exists()


def sees_arms(user, study) -> bool:
    """Arms are shown to the study's owners, and to everyone who may see the participants when
    the design is open; the clinical team of a concealed design never sees them."""
    return study.design_open or owns_study(user, study)
