// On the session page: a participant's first game begins with the practice round, unless the
// clinician skips it.

import { Trans } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../ui/widgets";
import { practiceKey, practiceStart, practiceState } from "../../api/practice";

export function PracticeOffer({
  sessionId,
  onStarted,
}: {
  sessionId: string;
  onStarted: () => void;
}) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: practiceKey(sessionId),
    queryFn: () => practiceState(sessionId),
    retry: false,
  });
  const start = useMutation({
    mutationFn: () => practiceStart(sessionId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: practiceKey(sessionId) });
      onStarted();
    },
  });
  if (!state.data?.offered) return null;
  return (
    <div className="card-panel practice-offer" data-testid="practice-offer">
      <p>
        <Trans>
          <strong>This is the participant's first game.</strong> It begins with a practice round:
          the rules in plain words with pictures, then one short game against a gentle opponent. The
          practice is logged but does not count in the metrics or the research export.
        </Trans>
      </p>
      <button
        type="button"
        className="btn primary"
        onClick={() => start.mutate()}
        disabled={start.isPending}
        data-testid="practice-start"
      >
        <Trans>Start the practice round</Trans>
      </button>
      {start.error && (
        <p className="form-error" role="alert">
          {errorText(start.error)}
        </p>
      )}
    </div>
  );
}
