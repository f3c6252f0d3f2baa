"""Playing whole games through the HTTP API as the participant, the way a device would."""

from __future__ import annotations

import itertools
import random
import time

from apps.common import clock

_ids = itertools.count()


def next_move(body: dict, rng: random.Random) -> tuple[str, dict] | None:
    """The participant's next request (endpoint suffix and body), or None if not to act."""
    view = body["state"]
    seat = body["seat"]
    if body.get("probe"):
        return "probes/", probe_answer(body)
    if view["finished"] or seat not in view["to_act"]:
        return None
    phase = view["phase"]
    if phase == "examination":
        waiting = (body["examination"] or {}).get("waiting")
        return "examination/", {"type": "start" if waiting else "ready"}
    if phase == "choose_hand":
        return "actions/", {"type": "choose_hand", "hand": rng.choice("AB")}
    if phase == "stragedy":
        spots = [
            (int(pile), trick, card)
            for pile, tricks in view["old_piles"].items()
            for trick, cards in enumerate(tricks)
            for card, present in enumerate(cards)
            if present
        ]
        pile, trick, card = rng.choice(spots)
        intended = rng.choice(["AS", "KH", "7D", "2C"])
        return "actions/", {
            "type": "stragedy",
            "pile": pile,
            "trick": trick,
            "card": card,
            "intended": intended,
        }
    if phase == "hide_trump":
        return "actions/", {"type": "hide_trump", "card": rng.choice(view["hand"])}
    if phase == "play":
        if view.get("can_ask") and rng.random() < 0.5:
            return "actions/", {"type": "ask_trump"}
        return "actions/", {"type": "play", "card": rng.choice(view["legal"])}
    raise AssertionError(f"unexpected phase {phase}")


def probe_answer(body: dict) -> dict:
    """An answer to the recall probe waiting, drawn from no random stream (so a game with probes
    makes the same moves as one without): the first face-down position, or yes on odd numbers."""
    probe = body["probe"]
    if probe["kind"] == "which_hand":
        return {"in_other_hand": probe["number"] % 2 == 1}
    piles = body["state"]["old_piles"]
    pile, trick, card = next(
        (int(p), t, c)
        for p, tricks in sorted(piles.items())
        for t, cards in enumerate(tricks)
        for c, present in enumerate(cards)
        if present
    )
    return {"pile": pile, "trick": trick, "card": card}


def wait_out(seconds: float) -> None:
    """Let ``seconds`` pass for the services: their clock is moved on when it can be (the
    suite runs on a :class:`~apps.common.clock.RunningClock`), else the time is slept."""
    installed = clock.current()
    if isinstance(installed, clock.RunningClock | clock.ManualClock):
        installed.advance(seconds)
    else:
        time.sleep(seconds)


def hand_on_show(client, base: str, body: dict) -> dict:
    """As a device does: say the waiting hand A is on screen, then wait while a new deal's
    first hand is not shown yet (the pause to see the last trick taken)."""
    if (body["examination"] or {}).get("waiting") and not body.get("probe"):
        body = client.post(base + "examination/", {"type": "start"}, format="json").json()
    while (
        body["state"]["phase"] == "examination"
        and not body["state"]["examination"]["cards"]
        and not body.get("probe")
    ):
        wait_out(max(0.05, (body["examination"] or {}).get("starts_in_seconds") or 0))
        body = client.get(base).json()
    return body


def play_through(client, base: str, *, seed: int = 0, on_body=None, limit: int = 400) -> dict:
    """Play the game at ``base`` (``/api/games/7/`` or ``/api/play/<token>/``) to its end."""
    rng = random.Random(seed)
    body = client.get(base).json()
    for _ in range(limit):
        if on_body:
            on_body(body)
        if body["state"]["finished"]:
            return body
        body = hand_on_show(client, base, body)
        move = next_move(body, rng)
        assert move is not None, body
        suffix, data = move
        data = {**data, "event_id": f"e{next(_ids)}", "decision_ms": rng.randint(300, 4000)}
        response = client.post(base + suffix, data, format="json")
        assert response.status_code == 200, response.content
        body = response.json()
    raise AssertionError("the game did not end")
