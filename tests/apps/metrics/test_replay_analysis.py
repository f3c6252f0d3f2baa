"""Every finished Memulation game gets the solver's analysis for its replay: queued when it
ends, swept up when lost, and backfilled for games played before."""

import pytest
from django.core.management import call_command

from apps.metrics import services
from apps.metrics.analysis import ANALYSIS_VERSION
from apps.metrics.models import GameAnalysis
from apps.metrics.signals import metrics_deferred
from apps.metrics.tasks import sweep_metrics

pytestmark = pytest.mark.django_db


def test_a_finished_game_queues_its_analysis(
    played_session, settings, django_capture_on_commit_callbacks
):
    settings.METRICS_WITH_SOLVER = True
    with django_capture_on_commit_callbacks(execute=True):
        session = played_session()
    game = session.games.get()
    stored = GameAnalysis.objects.get(game=game)
    assert stored.version == ANALYSIS_VERSION
    assert stored.analysis["rounds"][0]["deals"][0]["plays"]
    assert not services.games_needing_analysis().exists()


def test_old_games_are_backfilled_and_swept(played_session, settings, capsys):
    with metrics_deferred():  # played as before: no job queued
        games = [played_session().games.get() for _ in range(2)]
    settings.METRICS_WITH_SOLVER = True
    assert set(services.games_needing_analysis()) == set(games)
    call_command("analysis_backfill", "--limit", "1", "--now")
    assert "1 games analysed." in capsys.readouterr().out
    assert GameAnalysis.objects.count() == 1
    sweep_metrics()  # the sweeper finds the other (queued, and in tests run at once)
    assert GameAnalysis.objects.count() == 2
    call_command("analysis_backfill")
    assert "0 games queued." in capsys.readouterr().out
    assert services.game_analysis_ensure(game_id=games[0].pk) is True  # again: no duplicate
    assert GameAnalysis.objects.count() == 2


def test_only_finished_memulation_games_are_analysed(played_session):
    assert services.game_analysis_ensure(game_id=10**9) is False
    game = played_session().games.get()
    game.status = "started"
    game.save(update_fields=["status"])
    assert services.game_analysis_ensure(game_id=game.pk) is False
    assert not GameAnalysis.objects.filter(game=game).exists()
