"""A participant's device playing its game over HTTP through a flaky service: every request
that meets a dropped connection or a 5xx is sent again as it was, with the same event id, until
it gets an answer (a repeated event id gets the first answer, so nothing is done twice)."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from collections import Counter

from tests.apps.games.playing import next_move

RETRY_PAUSE = 0.25


class Device(threading.Thread):
    def __init__(self, port: int, token: str, *, seed: int, give_up_s: float = 120):
        super().__init__(daemon=True, name=f"device-{seed}")
        self.port, self.base = port, f"/api/play/{token}/"
        self.rng = random.Random(seed)
        self.give_up_s = give_up_s
        self.statuses: Counter = Counter()  # every answer seen, "no answer" for a dropped one
        self.retries = 0
        self.answered: dict[str, int] = {}  # event id: the status it finally got
        self.game_id: int | None = None
        self.finished = False
        self.error: BaseException | None = None
        self.acted = threading.Event()  # set after each answered action (for fault timing)

    def send(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data else {}
        deadline = time.monotonic() + self.give_up_s
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                conn.request(method, path, body=data, headers=headers)
                response = conn.getresponse()
                status, payload = response.status, json.loads(response.read() or b"{}")
                conn.close()
            except (OSError, http.client.HTTPException, ValueError):
                status, payload = None, {}
            self.statuses[status or "no answer"] += 1
            if status is not None and status < 500:
                return status, payload
            if time.monotonic() > deadline:
                raise TimeoutError(f"{method} {path}: no answer for {self.give_up_s} s")
            self.retries += 1
            time.sleep(RETRY_PAUSE)

    def view(self) -> dict:
        status, body = self.send("GET", self.base)
        assert status == 200, (status, body)
        return body

    def _start(self) -> dict:
        n = len(self.answered) + 1
        event_id = f"{self.name}-start-{n}"
        status, answer = self.send(
            "POST", self.base + "examination/", {"type": "start", "event_id": event_id}
        )
        self.answered[event_id] = status
        return answer if status == 200 else self.view()

    def run(self) -> None:
        try:
            self._play()
        except BaseException as error:  # the test reads it
            self.error = error

    def _play(self) -> None:
        body = self.view()
        self.game_id = body["id"]
        n = 0
        while not body["state"]["finished"]:
            state = body["state"]
            clock = body["examination"] or {}
            if state["phase"] == "examination" and not state["examination"]["cards"]:
                if clock.get("waiting"):  # hand A waits for the device to show it
                    body = self._start()
                    continue
                time.sleep(max(0.05, clock.get("starts_in_seconds") or 0))
                body = self.view()
                continue
            move = next_move(body, self.rng)
            if move is None:  # the opponents are to act: look again
                time.sleep(0.1)
                body = self.view()
                continue
            suffix, data = move
            n += 1
            event_id = f"{self.name}-{n}"
            data = {**data, "event_id": event_id, "decision_ms": 800}
            status, answer = self.send("POST", self.base + suffix, data)
            self.answered[event_id] = status
            self.acted.set()
            body = answer if status == 200 else self.view()
        self.finished = True
