// Above the table: the turn timer's countdown (the same on every device: the server sends the
// seconds left) and who is away, played for by the computer until they come back.

import { useCountdown } from "../play/Countdown";
import type { SeatView } from "../play/types";
import { personAt } from "./seats";
import type { ClockedView } from "./types";
import "./tables.css";

export function TurnNotes({ view }: { view: SeatView }) {
  const clocked = view as unknown as ClockedView;
  const turn = view.status === "active" ? (clocked.turn ?? null) : null;
  const timed = turn && turn.seconds_left !== null ? turn.seconds_left : null;
  const left = useCountdown(timed, `${view.version}`);
  const away = clocked.seats.filter((s) => s.state === "taken_over");
  if (left === null && away.length === 0) return null;
  const mine = turn?.to_act.includes(view.seat);
  const whose = mine
    ? "Your turn"
    : `${turn?.to_act.map((s) => personAt(view, s) ?? "The other player").join(" and ")}'s turn`;
  return (
    <div className="turn-notes" data-testid="turn-notes">
      {left !== null && (
        <p className={`turn-timer ${left <= 10 ? "low" : ""}`} role="timer" data-testid="turn-timer">
          {whose}: <strong>{Math.ceil(left)}</strong> {Math.ceil(left) === 1 ? "second" : "seconds"}{" "}
          left
        </p>
      )}
      {away.map((s) => (
        <p key={s.seat} role="status" data-testid="taken-over" data-seat={s.seat}>
          {s.seat === view.seat
            ? "The computer played for you while you were away. Your next move takes your seat back."
            : `${personAt(view, s.seat) ?? "A player"} is away: the computer plays for them until they come back.`}
        </p>
      ))}
    </div>
  );
}
