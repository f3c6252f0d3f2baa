from datetime import timedelta
from itertools import pairwise

from django.core.management import call_command
from django.utils import timezone

from apps.accounts.models import User
from apps.accounts.services import DEMO_PASSWORD
from apps.games.engine import game_from_json
from apps.games.models import Game, RecallAttempt
from apps.games.selectors import game_replayed
from apps.training.models import TrainingSession
from apps.visits.selectors import visit_list


def test_seed_demo_loads_played_weeks_and_can_run_twice(db, capsys):
    call_command("seed_demo", participants=2, weeks=1)
    call_command("seed_demo", participants=2, weeks=1)
    assert sorted(User.objects.values_list("role", flat=True)) == [
        "admin",
        "assessor",
        "clinician",
        "researcher",
    ]
    assert User.objects.get(username="clinician").check_password(DEMO_PASSWORD)
    sessions = TrainingSession.objects.all()
    assert sessions.count() == 6
    assert set(sessions.values_list("status", flat=True)) == {"completed"}
    assert Game.objects.filter(status="finished").count() == 6
    assert RecallAttempt.objects.count() >= 4  # the Memulation sessions
    for session in sessions.select_related("participant"):  # enrolled, then the sessions
        assert session.participant.created_at < session.started_at
        assert session.participant.consent_date <= session.started_at.date()
        # The history is told by the services' clock: each sitting is made and started on its
        # day, in the past, and completed when its simulated game finished.
        assert session.created_at == session.started_at < timezone.now() - timedelta(days=1)
        assert session.completed_at == session.games.get().finished_at > session.started_at
    game = Game.objects.filter(game_type="memulation").first()
    assert game_replayed(game) == game_from_json(game.state)
    out = capsys.readouterr().out
    assert "researcher" in out and "already loaded" in out
    # The blinded assessor's worklist: the baseline visits recorded, the next one to come.
    work = visit_list(user=User.objects.get(username="assessor"))
    assert sorted((v["kind"], v["status"]) for v in work) == [
        ("baseline", "done"),
        ("baseline", "missed"),
        ("post_training", "upcoming"),
        ("post_training", "upcoming"),
    ]
    assert User.objects.get(username="assessor").check_password(DEMO_PASSWORD)


def test_demo_opponents_take_their_protocols_pace(db):
    """seed_demo's protocols have the default pace: the simulated participant waits for each
    opponent's move, which is logged when it was due."""
    from apps.games.models import GameEvent

    call_command("seed_demo", participants=1, weeks=1)
    game = Game.objects.first()
    assert game.options["turns"]["pace"] == 2.0
    events = list(GameEvent.objects.filter(game=game, kind="play").order_by("seq"))
    gaps = [
        (later.server_time - earlier.server_time).total_seconds()
        for earlier, later in pairwise(events)
        if later.payload["actor"] == "bot"
    ]
    assert gaps and min(gaps) >= 1.5 - 1e-6
