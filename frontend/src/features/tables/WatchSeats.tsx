// The seats on the spectator page: who sits where, who is to act, whether the computer plays a
// person's seat, and each person's presence (their device connected, how long since they were
// last heard from, counted on between the server's figures).

import { useEffect, useState } from "react";
import { isPerson, kindWords, teamOf } from "../../game/seats";
import type { WatchSeat, WatchView } from "../../game/tableTypes";

/** Seconds since the seat was last heard from: the server's figure, counted on here. */
export function useIdleSeconds(idle: number | null, key: unknown): number | null {
  const [shown, setShown] = useState(idle);
  // A new figure shows at once (set while rendering); the interval counts on from it.
  const [from, setFrom] = useState({ idle, key });
  if (from.idle !== idle || from.key !== key) {
    setFrom({ idle, key });
    setShown(idle);
  }
  useEffect(() => {
    if (idle === null) return;
    const start = performance.now();
    const timer = window.setInterval(
      () => setShown(idle + (performance.now() - start) / 1000),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [idle, key]);
  return shown;
}

function Presence({ seat, view }: { seat: WatchSeat; view: WatchView }) {
  const presence = seat.presence;
  const running = view.status === "active" || view.status === "paused";
  const idle = useIdleSeconds(running ? (presence?.idle_seconds ?? null) : null, presence);
  if (!presence) return null;
  return (
    <span
      className="presence"
      data-testid={`presence-${seat.seat}`}
      data-connected={presence.connected}
    >
      {" · "}
      {presence.connected ? "device connected" : "no device connected"}
      {idle !== null && ` · last heard from ${Math.floor(idle)} s ago`}
    </span>
  );
}

export function SeatsPanel({ view }: { view: WatchView }) {
  const toAct = new Set(view.status === "active" ? (view.state.to_act ?? []) : []);
  const awaited = new Set(view.status === "active" ? view.waiting_for : []);
  const counts = (view.state.hand_counts ?? {}) as Record<string, number>;
  return (
    <ul className="watch-seats" aria-label="The seats">
      {view.seats.map((s) => (
        <li
          key={s.seat}
          className={`watch-seat ${toAct.has(s.seat) ? "acting" : ""}`}
          data-seat={s.seat}
          data-state={s.state}
        >
          <strong>{s.label}</strong>{" "}
          <span className="muted">
            seat {s.seat + 1}, {kindWords(s.kind)}
            {view.game_type === "mendikot" ? `, team ${teamOf(s.seat)}` : ""}
          </span>
          {view.status === "waiting" && isPerson(s) && (
            <span className="seat-state">{s.joined ? " · ✓ joined" : " · not joined yet"}</span>
          )}
          {counts[String(s.seat)] !== undefined && view.status === "active" && (
            <span className="small"> · {counts[String(s.seat)]} cards in hand</span>
          )}
          {s.state === "taken_over" && (
            <span className="taken-over" data-testid={`watch-taken-over-${s.seat}`}>
              {" · "}
              {s.taken_over_by === "clinician"
                ? "the computer plays it (you asked)"
                : "the computer plays it until they are back"}
            </span>
          )}
          {toAct.has(s.seat) && <span className="acting-mark"> · to act</span>}
          {awaited.has(s.seat) && !toAct.has(s.seat) && (
            <span className="acting-mark"> · the table waits for them</span>
          )}
          <Presence seat={s} view={view} />
        </li>
      ))}
    </ul>
  );
}
