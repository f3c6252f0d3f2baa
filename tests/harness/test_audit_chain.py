"""The audit trail is a hash chain: ``audit_verify`` passes on a whole chain and names the first
broken link when an entry is changed or removed behind the append-only trigger's back."""

import itertools
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from apps.audit.chain import GENESIS
from apps.audit.models import AuditEntry
from apps.audit.selectors import audit_chain_verify
from apps.audit.services import audit_record
from tests.apps.factories import make_study, make_user
from tests.conftest import current_database_url

ROOT = Path(__file__).resolve().parents[2]


def tamper(sql: str, *params) -> None:
    """Run ``sql`` on the trail with its append-only trigger lifted (the test is a superuser)."""
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no deferred checks pending on the table
        cursor.execute("ALTER TABLE audit_auditentry DISABLE TRIGGER audit_auditentry_append_only")
        cursor.execute(sql, params)
        cursor.execute("ALTER TABLE audit_auditentry ENABLE TRIGGER audit_auditentry_append_only")


def verify() -> str:
    """``audit_verify``'s message: its output when whole, its error when broken."""
    from io import StringIO

    out = StringIO()
    try:
        call_command("audit_verify", stdout=out)
    except CommandError as error:
        return f"broken: {error}"
    return out.getvalue()


@pytest.fixture
def trail(db):
    researcher = make_user(role="researcher")
    study = make_study(owners=[researcher])  # its creation is the trail's first entry
    entries = [
        AuditEntry.objects.get(),
        audit_record(actor=researcher, action="login"),
        audit_record(
            actor=researcher,
            action="update",
            instance=study,
            before={"name": "old", "ratio": 1e16, "tags": ("a", "b")},
            study_id=study.pk,
        ),
        audit_record(actor=None, action="login_failed", after={"username": "mallory"}),
    ]
    return entries


def test_each_entry_links_to_the_one_before(trail):
    first, *rest = AuditEntry.objects.order_by("id")
    assert first.prev_hash == GENESIS
    previous = first
    for entry in rest:
        assert entry.prev_hash == previous.entry_hash
        previous = entry
    assert verify() == f"Audit chain whole: 4 entries, head {previous.entry_hash}\n"


def test_a_changed_entry_is_named(trail):
    changed = trail[2]
    tamper("UPDATE audit_auditentry SET actor_name = 'someone else' WHERE id = %s", changed.pk)
    message = verify()
    assert message.startswith(f"broken: Broken link at audit entry {changed.pk}:")
    assert "content does not match its hash" in message


def test_a_changed_value_inside_the_record_is_named(trail):
    changed = trail[2]
    tamper(
        "UPDATE audit_auditentry SET before = jsonb_set(before, '{name}', '\"new\"') WHERE id = %s",
        changed.pk,
    )
    assert verify().startswith(f"broken: Broken link at audit entry {changed.pk}:")


def test_a_removed_entry_names_the_one_after_it(trail):
    removed, after = trail[1], trail[2]
    tamper("DELETE FROM audit_auditentry WHERE id = %s", removed.pk)
    message = verify()
    assert message.startswith(f"broken: Broken link at audit entry {after.pk}:")
    assert f"does not match entry {trail[0].pk}" in message


def test_an_entry_rewritten_with_a_fresh_hash_breaks_the_next_link(trail):
    # A forger who recomputes the changed entry's own hash still breaks the link after it.
    from apps.audit.chain import CONTENT_FIELDS, content_hash

    changed, after = trail[1], trail[2]
    row = AuditEntry.objects.values("id", *CONTENT_FIELDS, "prev_hash").get(pk=changed.pk)
    row["actor_name"] = "forged"
    forged = content_hash(row, row["prev_hash"])
    tamper(
        "UPDATE audit_auditentry SET actor_name = 'forged', entry_hash = %s WHERE id = %s",
        forged,
        changed.pk,
    )
    assert verify().startswith(f"broken: Broken link at audit entry {after.pk}:")


def test_a_cut_off_tail_is_found_against_a_recorded_head(trail):
    head = audit_chain_verify().head
    assert audit_chain_verify(head=head).broken is None
    tamper("DELETE FROM audit_auditentry WHERE id = %s", trail[-1].pk)
    assert audit_chain_verify().broken is None  # the chain alone cannot tell
    broken = audit_chain_verify(head=head).broken
    assert broken is not None and "no longer in the chain" in broken.reason


def test_an_entry_rolled_back_with_its_change_leaves_the_chain_whole(trail):
    with pytest.raises(RuntimeError), transaction.atomic():
        audit_record(actor=None, action="login_failed", after={"username": "x"})
        raise RuntimeError("the service's change failed after its audit entry")
    assert AuditEntry.objects.count() == 4
    after = audit_record(actor=None, action="logout")
    assert after.prev_hash == trail[-1].entry_hash
    assert verify().startswith("Audit chain whole: 5 entries")


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_never_fork_the_chain():
    writers, each = 6, 15
    start = threading.Barrier(writers)
    failures = []

    def write(n: int) -> None:
        try:
            start.wait()
            for k in range(each):
                with transaction.atomic():
                    audit_record(actor=None, action="login_failed", after={"w": n, "k": k})
        except Exception as error:  # reported below, on the test's thread
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    prev_hashes = list(AuditEntry.objects.values_list("prev_hash", flat=True))
    assert len(prev_hashes) == writers * each
    assert len(set(prev_hashes)) == len(prev_hashes)  # no two entries claim one predecessor
    report = audit_chain_verify()
    assert report.broken is None and report.entries == writers * each


@pytest.mark.django_db(transaction=True)
def test_the_command_exits_non_zero_and_names_the_link():
    entries = [audit_record(actor=None, action="logout") for _ in range(3)]
    tamper("UPDATE audit_auditentry SET action = 'login' WHERE id = %s", entries[1].pk)
    env = {**os.environ, "TEST_DATABASE_URL": current_database_url()}
    env["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    done = subprocess.run(
        [sys.executable, "manage.py", "audit_verify"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"Broken link at audit entry {entries[1].pk}" in done.stderr


def test_the_api_shows_each_entry_s_links(trail, admin_user, client_for):
    listed = client_for(admin_user).get("/api/audit/").json()["results"]
    by_id = {entry["id"]: entry for entry in listed}
    for earlier, later in itertools.pairwise(trail):
        assert by_id[later.pk]["prev_hash"] == by_id[earlier.pk]["entry_hash"]
