// The seats on the spectator page: who sits where, who is to act, whether the computer plays a
// person's seat, and each person's presence (their device connected, how long since they were
// last heard from, counted on between the server's figures).

import { plural, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const presence = seat.presence;
  const running = view.status === "active" || view.status === "paused";
  const idle = useIdleSeconds(running ? (presence?.idle_seconds ?? null) : null, presence);
  if (!presence) return null;
  const seconds = idle === null ? 0 : Math.floor(idle);
  return (
    <span
      className="presence"
      data-testid={`presence-${seat.seat}`}
      data-connected={presence.connected}
    >
      {" · "}
      {presence.connected ? t`device connected` : t`no device connected`}
      {idle !== null && ` · ${t`last heard from ${seconds} s ago`}`}
    </span>
  );
}

export function SeatsPanel({ view }: { view: WatchView }) {
  const { t } = useLingui();
  const toAct = new Set(view.status === "active" ? (view.state.to_act ?? []) : []);
  const awaited = new Set(view.status === "active" ? view.waiting_for : []);
  const counts = (view.state.hand_counts ?? {}) as Record<string, number>;
  return (
    <ul className="watch-seats" aria-label={t`The seats`}>
      {view.seats.map((s) => (
        <li
          key={s.seat}
          className={`watch-seat ${toAct.has(s.seat) ? "acting" : ""}`}
          data-seat={s.seat}
          data-state={s.state}
        >
          <strong>{s.label}</strong>{" "}
          <span className="muted">{seatLine(s, view.game_type === "mendikot")}</span>
          {view.status === "waiting" && isPerson(s) && (
            <span className="seat-state">
              {" · "}
              {s.joined ? t`✓ joined` : t`not joined yet`}
            </span>
          )}
          {counts[String(s.seat)] !== undefined && view.status === "active" && (
            <span className="small"> · {cardsInHand(counts[String(s.seat)])}</span>
          )}
          {s.state === "taken_over" && (
            <span className="taken-over" data-testid={`watch-taken-over-${s.seat}`}>
              {" · "}
              {s.taken_over_by === "clinician"
                ? t`the computer plays it (you asked)`
                : t`the computer plays it until they are back`}
            </span>
          )}
          {toAct.has(s.seat) && <span className="acting-mark"> · {t`to act`}</span>}
          {awaited.has(s.seat) && !toAct.has(s.seat) && (
            <span className="acting-mark"> · {t`the table waits for them`}</span>
          )}
          <Presence seat={s} view={view} />
        </li>
      ))}
    </ul>
  );
}

/** "seat 2, participant, team B". */
function seatLine(seat: WatchSeat, mendikot: boolean): string {
  const number = seat.seat + 1;
  const kind = kindWords(seat.kind);
  const team = teamOf(seat.seat);
  return mendikot ? t`seat ${number}, ${kind}, team ${team}` : t`seat ${number}, ${kind}`;
}

function cardsInHand(count: number): string {
  return plural(count, { one: "# card in hand", other: "# cards in hand" });
}
