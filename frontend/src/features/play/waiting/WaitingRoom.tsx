// The waiting room of a table: who has joined, which seat this device holds, and that the game
// starts by itself when everyone is seated.

import { refusalMessage } from "../../../game/errors";
import type { SeatView } from "../../../game/types";
import { isPerson, kindWords, notJoined, tableOf, teamOf } from "../../../game/seats";
import { useJoin } from "./useJoin";
import "../../../game/tables.css";

export function WaitingRoom({
  view,
  token,
  onJoined,
}: {
  view: SeatView;
  /** The device link's token: the device joins with it. Without it (a staff device) the page
   * only shows the room. */
  token?: string;
  onJoined: () => void;
}) {
  const table = tableOf(view);
  const seats = table?.seats ?? [];
  const you = table?.you ?? view.seat;
  const mine = seats.find((s) => s.seat === you);
  const join = useJoin(token, !!mine?.joined, onJoined);
  const missing = notJoined(seats);
  const game = view.game_type === "mendikot" ? "Mendikot" : "Memulation";
  return (
    <section className="waiting-room" aria-labelledby="waiting-title" data-testid="waiting-room">
      <h1 id="waiting-title">Waiting room: {game}</h1>
      <p className="big-message" data-testid="your-seat">
        You hold seat {you + 1}
        {mine ? ` (${mine.label})` : ""}
        {view.game_type === "mendikot" ? `, team ${teamOf(you)}` : ""}.
      </p>
      {typeof join === "object" ? (
        <p className="form-error" role="alert" data-testid="join-refused">
          {join.refused.code === "table_closed"
            ? "This table is closed: the game is over."
            : refusalMessage(join.refused.code)}
        </p>
      ) : (
        <p className="big-message" role="status" data-testid="waiting-status">
          {join === "joining"
            ? token
              ? "Taking your seat…"
              : "This seat is taken from its own link: open it from the table's page."
            : missing.length > 0
              ? `The game starts when everyone is seated. Still to come: ${missing
                  .map((s) => s.label)
                  .join(", ")}.`
              : "Everyone is seated: the game is starting…"}
        </p>
      )}
      <ul className="seat-list" aria-label="The seats">
        {seats.map((s) => (
          <li
            key={s.seat}
            className={`seat-entry ${s.joined ? "joined" : "absent"} ${s.seat === you ? "you" : ""}`}
            data-seat={s.seat}
            data-joined={s.joined}
          >
            <span className="seat-number">Seat {s.seat + 1}</span>
            <strong>{s.seat === you ? `${s.label} (you)` : s.label}</strong>
            <span className="muted">
              {kindWords(s.kind)}
              {view.game_type === "mendikot" ? `, team ${teamOf(s.seat)}` : ""}
            </span>
            <span className="seat-state">
              {!isPerson(s) ? "ready" : s.joined ? "✓ seated" : "not here yet"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
