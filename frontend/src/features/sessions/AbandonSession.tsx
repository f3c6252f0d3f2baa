import { Trans } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { errorText } from "../../ui/widgets";
import { abandonSession } from "../../api/sessions";

/** A sitting that will not be finished: abandoned with a reason, behind a fold (no single click does it). */
export function AbandonSession({ sessionId }: { sessionId: string }) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const abandon = useMutation({
    mutationFn: () => abandonSession(sessionId, reason.trim()),
    onSuccess: (session) => {
      client.setQueryData(["session", sessionId], session);
      void client.invalidateQueries({ queryKey: ["session-games", sessionId] });
    },
  });
  return (
    <details className="card-panel abandon" data-testid="abandon">
      <summary>
        <Trans>Abandon this session</Trans>
      </summary>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          abandon.mutate();
        }}
      >
        <p className="hint">
          <Trans>
            An abandoned session is not finished later; its games stay as they are in the record.
          </Trans>
        </p>
        <label htmlFor="abandon-reason">
          <Trans>Reason (optional)</Trans>
        </label>
        <input
          id="abandon-reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
        {abandon.error && (
          <p className="form-error" role="alert">
            {errorText(abandon.error)}
          </p>
        )}
        <button
          type="submit"
          className="btn secondary"
          disabled={abandon.isPending}
          data-testid="abandon-confirm"
        >
          <Trans>Abandon the session</Trans>
        </button>
      </form>
    </details>
  );
}
