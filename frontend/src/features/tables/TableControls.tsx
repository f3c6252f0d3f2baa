// The clinician running a table: cancel it while it waits for its people, pause and resume it,
// end it (after a second, confirming press), put the computer in a person's seat or give the
// seat back. Each answer is the table as it is now; a refusal says in words why not.

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { i18n } from "../../i18n/i18n";
import { errorText } from "../../ui/widgets";
import { tablesApi } from "../../api/tables";
import type { TableBody, TableControl, TableSeat } from "../../game/tableTypes";

const REFUSALS: Record<string, MessageDescriptor> = {
  table_not_waiting: msg`The table has started (or closed) meanwhile, so it can no longer be cancelled. End the game instead.`,
  table_not_running: msg`The game is not in play (it has not started yet, or it is over), so that cannot be done now.`,
  table_not_paused: msg`The table is not paused: there is nothing to resume.`,
  seat_not_taken_over: msg`The person already plays that seat themselves.`,
  invalid_seats: msg`That is not a person's seat at this table.`,
  permission_denied: msg`You may not run this table: one of its participants is not yours to run.`,
  not_found: msg`This table could not be found.`,
};

/** A refusal of a control in words: the code's own, else the server's message. */
export function controlRefusal(error: unknown): string {
  if (error instanceof ApiError && REFUSALS[error.code]) return i18n._(REFUSALS[error.code]);
  return errorText(error);
}

interface Control {
  action: TableControl;
  seat?: number;
}

/** One control of the table at a time; the answer replaces the table on the page. */
export function useTableControl(gameId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, seat }: Control) => tablesApi.control(gameId, action, seat),
    onSuccess: (body) => client.setQueryData(["table", gameId], body),
  });
}

type Running = ReturnType<typeof useTableControl>;

/** The table's own controls, by its status. */
export function TableControls({ table, control }: { table: TableBody; control: Running }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<"cancel" | "end" | null>(null);
  const busy = control.isPending;
  const run = (action: TableControl) => {
    setConfirming(null);
    control.mutate({ action });
  };
  const { status } = table;
  if (status !== "waiting" && status !== "active" && status !== "paused") return null;
  return (
    <div className="table-controls" role="group" aria-label={t`Run the table`}>
      {status === "active" && (
        <button
          type="button"
          className="btn secondary"
          disabled={busy}
          onClick={() => run("pause")}
          data-testid="table-pause"
        >
          <Trans>Pause the game</Trans>
        </button>
      )}
      {status === "paused" && (
        <button
          type="button"
          className="btn primary"
          disabled={busy}
          onClick={() => run("resume")}
          data-testid="table-resume"
        >
          <Trans>Resume the game</Trans>
        </button>
      )}
      {confirming === null ? (
        <button
          type="button"
          className="btn danger"
          disabled={busy}
          onClick={() => setConfirming(status === "waiting" ? "cancel" : "end")}
          data-testid={status === "waiting" ? "table-cancel" : "table-end"}
        >
          {status === "waiting" ? t`Cancel the table` : t`End the game now`}
        </button>
      ) : (
        <div className="confirm-box" role="alertdialog" aria-labelledby="confirm-title">
          <p id="confirm-title">
            <strong>
              {confirming === "cancel" ? t`Cancel this table?` : t`End this game now?`}
            </strong>{" "}
            {confirming === "cancel"
              ? t`Nobody can join it any more, and each participant's session at it is abandoned.`
              : t`It stops for everyone at the table and cannot be resumed; what was played is kept, and each participant's session is abandoned.`}
          </p>
          <button
            type="button"
            className="btn danger"
            disabled={busy}
            onClick={() => run(confirming)}
            data-testid="table-confirm"
          >
            {confirming === "cancel" ? t`Yes, cancel the table` : t`Yes, end the game`}
          </button>{" "}
          <button type="button" className="btn secondary" onClick={() => setConfirming(null)}>
            {confirming === "cancel" ? t`Keep the table` : t`Keep playing`}
          </button>
        </div>
      )}
    </div>
  );
}

/** A person seat in play: the computer may play it, or give it back. */
export function SeatControl({ seat, control }: { seat: TableSeat; control: Running }) {
  const { t } = useLingui();
  const computer = seat.taken_over_by !== null;
  const { label } = seat;
  return (
    <p className="seat-control">
      {computer && (
        <span data-testid="seat-taken-over">
          {seat.taken_over_by === "clinician"
            ? t`The computer plays this seat, as you asked.`
            : t`The computer plays this seat: ${label} fell silent (back when they send anything).`}{" "}
        </span>
      )}
      <button
        type="button"
        className="btn secondary small"
        disabled={control.isPending}
        onClick={() =>
          control.mutate({ action: computer ? "seat_person" : "seat_computer", seat: seat.seat })
        }
        data-testid={computer ? "seat-give-back" : "seat-computer"}
      >
        {computer ? t`Give the seat back to ${label}` : t`Let the computer play this seat`}
      </button>
    </p>
  );
}
