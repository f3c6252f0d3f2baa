import random

import pytest
from django.utils import timezone

from apps.games.demo import demo_game_play
from tests.apps.factories import ADAPTIVE, make_participant, make_protocol, make_session


@pytest.fixture
def played_session(clinician):
    """A completed session whose Memulation game was played to the end (no metrics yet)."""

    def make(*, adaptive=False, participant=None, rounds=1):
        participant = participant or make_participant(clinicians=[clinician])
        protocol = make_protocol(
            study=participant.study,
            opponent="random",
            roles="participant_lame",  # so the participant makes the 'Stragedy
            rounds=rounds,
            adaptive={**ADAPTIVE, "enabled": adaptive},
        )
        session = make_session(participant=participant, protocol=protocol, status="started")
        demo_game_play(session=session, start=timezone.now(), skill=0.8, rng=random.Random(5))
        session.refresh_from_db()
        return session

    return make
