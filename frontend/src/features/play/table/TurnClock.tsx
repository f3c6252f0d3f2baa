import { Countdown, useCountdown } from "./Countdown";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SeatView } from "../../../game/types";

/** Who the table waits for, in words: the seat thinking on the server's clock (an opponent, or
 * a seat the computer plays until its person returns), else ``fallback``. */
export function waitingWords(
  view: SeatView,
  name: (seat: number) => string,
  fallback: string,
): string {
  const seat = view.turn?.thinking[0];
  if (seat === undefined) return fallback;
  if (seat === view.seat) return t`The computer is playing for you…`;
  const away = view.seats.find((s) => s.seat === seat)?.state === "taken_over";
  const who = name(seat);
  return away ? t`The computer is playing for ${who}…` : t`${who} is thinking…`;
}

/** The turn timer every device shows alike (from the server's seconds left), and the seats the
 * computer plays while their people are away. */
export function TurnClock({ view, name }: { view: SeatView; name: (seat: number) => string }) {
  const { t } = useLingui();
  const turn = view.turn ?? null;
  const left = useCountdown(turn?.deadline ? turn.seconds_left : null, turn?.deadline ?? null);
  if (!turn || view.status !== "active") return null;
  const planned = turn.deadline
    ? (Date.parse(turn.deadline) - Date.parse(turn.started_at)) / 1000
    : 0;
  const mine = turn.to_act.includes(view.seat);
  const away = view.seats.filter((s) => s.state === "taken_over" && s.seat !== view.seat);
  return (
    <div className="turn-clock" data-testid="turn-clock">
      {left !== null && (
        <Countdown
          left={left}
          planned={planned}
          label={mine ? t`for your move` : t`for this move`}
        />
      )}
      {away.map((s) => {
        const who = name(s.seat);
        return (
          <p key={s.seat} className="taken-over" data-testid="taken-over">
            <Trans>{who}: the computer plays until they are back.</Trans>
          </p>
        );
      })}
    </div>
  );
}
