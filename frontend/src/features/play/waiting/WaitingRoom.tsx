// The waiting room of a table: who has joined, which seat this device holds, and that the game
// starts by itself when everyone is seated.

import { Trans, useLingui } from "@lingui/react/macro";
import { formatList } from "../../../i18n/format";
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
  const { t } = useLingui();
  const mendikot = view.game_type === "mendikot";
  const seatNumber = you + 1;
  const label = mine?.label;
  const team = teamOf(you);
  const yourSeat = mendikot
    ? label
      ? t`You hold seat ${seatNumber} (${label}), team ${team}.`
      : t`You hold seat ${seatNumber}, team ${team}.`
    : label
      ? t`You hold seat ${seatNumber} (${label}).`
      : t`You hold seat ${seatNumber}.`;
  const stillToCome = formatList(missing.map((s) => s.label));
  return (
    <section className="waiting-room" aria-labelledby="waiting-title" data-testid="waiting-room">
      <h1 id="waiting-title">
        {mendikot ? t`Waiting room: Mendikot` : t`Waiting room: Memulation`}
      </h1>
      <p className="big-message" data-testid="your-seat">
        {yourSeat}
      </p>
      {typeof join === "object" ? (
        <p className="form-error" role="alert" data-testid="join-refused">
          {join.refused.code === "table_closed"
            ? t`This table is closed: the game is over.`
            : refusalMessage(join.refused.code)}
        </p>
      ) : (
        <p className="big-message" role="status" data-testid="waiting-status">
          {join === "joining"
            ? token
              ? t`Taking your seat…`
              : t`This seat is taken from its own link: open it from the table's page.`
            : missing.length > 0
              ? t`The game starts when everyone is seated. Still to come: ${stillToCome}.`
              : t`Everyone is seated: the game is starting…`}
        </p>
      )}
      <ul className="seat-list" aria-label={t`The seats`}>
        {seats.map((s) => {
          const number = s.seat + 1;
          const name = s.label;
          const kind = kindWords(s.kind);
          const seatTeam = teamOf(s.seat);
          return (
            <li
              key={s.seat}
              className={`seat-entry ${s.joined ? "joined" : "absent"} ${s.seat === you ? "you" : ""}`}
              data-seat={s.seat}
              data-joined={s.joined}
            >
              <span className="seat-number">
                <Trans>Seat {number}</Trans>
              </span>
              <strong>{s.seat === you ? t`${name} (you)` : name}</strong>
              <span className="muted">{mendikot ? t`${kind}, team ${seatTeam}` : kind}</span>
              <span className="seat-state">
                {!isPerson(s) ? t`ready` : s.joined ? t`✓ seated` : t`not here yet`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
