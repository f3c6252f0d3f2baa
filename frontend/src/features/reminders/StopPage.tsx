// The page a reminder e-mail's stop link opens: one button stops the reminders (a button, not
// the visit itself, as mail scanners open links too).

import { Trans } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { getStopState, stopReminders } from "../../api/reminders";
import { errorText } from "../../ui/widgets";

export function StopPage() {
  const { token = "" } = useParams();
  const state = useQuery({
    queryKey: ["reminders-stop", token],
    queryFn: () => getStopState(token),
    retry: false,
  });
  const stop = useMutation({ mutationFn: () => stopReminders(token) });
  const stopped = stop.isSuccess || state.data?.active === false;
  return (
    <main className="progress-page" aria-labelledby="stop-title">
      <h1 id="stop-title">
        <Trans>Training reminders</Trans>
      </h1>
      {state.isLoading && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state.error && (
        <p className="form-error" role="alert">
          {errorText(state.error)}
        </p>
      )}
      {stopped && (
        <p role="status" data-testid="reminders-stopped">
          <Trans>Reminders are stopped: you will get no more of them.</Trans>
        </p>
      )}
      {state.data?.active && !stop.isSuccess && (
        <>
          <p>
            <Trans>You get e-mails reminding you to train. Stop them?</Trans>
          </p>
          <button
            type="button"
            className="btn"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            <Trans>Stop the reminders</Trans>
          </button>
          {stop.isError && (
            <p className="form-error" role="alert">
              {errorText(stop.error)}
            </p>
          )}
        </>
      )}
    </main>
  );
}
