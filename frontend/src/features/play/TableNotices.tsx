// What a person at a table is told about the table itself, beside the game: whom it waits for,
// that the clinician paused it, that the computer plays their seat (and how to come back), and
// that it was cancelled or ended.

import { useEffect, useRef } from "react";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatList } from "../../i18n/format";
import { personAt, tableOf } from "../../game/seats";
import type { SeatView } from "../../game/types";

/** The caller's own seat as the view lists it. */
function ownSeat(view: SeatView) {
  return view.seats.find((s) => s.seat === view.seat);
}

/** Why the computer plays this device's seat now: "silent", "clinician", or null (it does not). */
export function takenOverBy(view: SeatView): "silent" | "clinician" | null {
  const mine = ownSeat(view);
  if (mine?.state !== "taken_over") return null;
  return mine.taken_over_by === "clinician" ? "clinician" : "silent";
}

/** The other people the table waits for, by name ("P015", "P015 and Clinician"), or null. */
export function othersAwaited(view: SeatView): string | null {
  const names = (view.waiting_for ?? [])
    .filter((seat) => seat !== view.seat)
    .map((seat) => {
      const number = seat + 1;
      return personAt(view, seat) ?? t`the person at seat ${number}`;
    });
  return names.length > 0 ? formatList(names) : null;
}

/** During an examination, once this person is done with the deal's hands (ready, or out of
 * time): whom the table still waits for. */
export function examinationWait(view: SeatView): string | null {
  if (view.state.phase !== "examination" || !view.examination?.ready) return null;
  const others = othersAwaited(view);
  return others ? t`Waiting for ${others} to be ready…` : null;
}

/** The banner over the table while the computer plays this device's seat. ``onBack`` says the
 * person is here again (a seat taken over for silence comes back at once); null while it cannot
 * be said (the live connection is down: the next move says it). */
export function TakenOverNotice({ view, onBack }: { view: SeatView; onBack: (() => void) | null }) {
  const by = takenOverBy(view);
  if (by === null || view.status !== "active") return null;
  return (
    <div className="taken-over-notice" role="status" data-testid="taken-over-me" data-by={by}>
      <p>
        <strong>
          <Trans>The computer is playing for you.</Trans>
        </strong>{" "}
        {by === "clinician" ? (
          <Trans>
            The clinician asked it to play your seat for now. It comes back to you when the
            clinician gives it back.
          </Trans>
        ) : (
          <Trans>
            You were away for a while, so the computer took your turns and the others could go on.
          </Trans>
        )}
      </p>
      {by === "silent" && (
        <p>
          {onBack && (
            <button
              type="button"
              className="btn primary big"
              onClick={onBack}
              data-testid="im-back"
            >
              <Trans>I'm back</Trans>
            </button>
          )}{" "}
          {onBack ? (
            <Trans>Press it to play yourself again, or play a card when it is your turn.</Trans>
          ) : (
            <Trans>Play a card when it is your turn, and you play yourself again.</Trans>
          )}
        </p>
      )}
    </div>
  );
}

/** The clinician paused the table: nothing runs, nothing can be played, nothing is shown. */
export function PausedScreen({ view }: { view: SeatView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const others = othersAwaited(view);
  return (
    <section className="table-paused" aria-labelledby="paused-title" data-testid="table-paused">
      <h1 id="paused-title" ref={heading} tabIndex={-1}>
        <Trans>The clinician has paused the game</Trans>
      </h1>
      <p className="big-message">
        {others ? (
          <Trans>
            Every clock is stopped: no time runs for you or for {others} while the game is paused,
            and nothing is lost. The cards are put away for now.
          </Trans>
        ) : (
          <Trans>
            Every clock is stopped: no time runs for you while the game is paused, and nothing is
            lost. The cards are put away for now.
          </Trans>
        )}
      </p>
      <p className="big-message">
        <Trans>
          The game goes on from where it stood when the clinician resumes it. You need not do
          anything.
        </Trans>
      </p>
    </section>
  );
}

/** A table the clinician cancelled before it began (``cancelled``), or a game ended early. */
export function ClosedScreen({ view, cancelled }: { view: SeatView; cancelled: boolean }) {
  const { t } = useLingui();
  const title = cancelled
    ? t`The clinician cancelled this table`
    : tableOf(view)
      ? t`The clinician ended this game`
      : t`This game was stopped`;
  return (
    <section
      className="table-closed"
      aria-labelledby="closed-title"
      aria-live="polite"
      data-testid="table-closed"
    >
      <h1 id="closed-title">{title}</h1>
      <p className="big-message">
        {cancelled ? (
          <Trans>
            The game did not begin, so nothing was played. There is nothing more to do here.
          </Trans>
        ) : (
          <Trans>
            It will not go on. What was played is kept. There is nothing more to do here.
          </Trans>
        )}
      </p>
    </section>
  );
}
