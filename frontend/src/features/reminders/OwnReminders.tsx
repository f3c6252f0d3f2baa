// The participant on their own progress page (their link is the credential): choose e-mail
// reminders, change them, or turn them off.

import { Trans } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { getOwnReminders, setOwnReminders } from "../../api/reminders";
import { SaveOutcome } from "../../ui/widgets";
import { ReminderForm, choiceOf, draftOf } from "./ReminderForm";
import type { ReminderDraft } from "./ReminderForm";
import { formatList } from "../../i18n/format";

export function OwnReminders() {
  const { token = "" } = useParams();
  const client = useQueryClient();
  const key = ["own-reminders", token];
  const reminders = useQuery({
    queryKey: key,
    queryFn: () => getOwnReminders(token),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (draft: ReminderDraft) => setOwnReminders(token, choiceOf(draft)),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  // The progress page already says when its link does not work.
  if (reminders.isLoading || reminders.error) return null;
  const plan = reminders.data?.plan ?? null;
  const times = plan ? formatList(plan.times) : undefined;
  const zone = plan?.time_zone;
  return (
    <section aria-labelledby="own-reminders-title" className="own-reminders">
      <h2 id="own-reminders-title">
        <Trans>Reminders by e-mail</Trans>
      </h2>
      <p data-testid="own-reminders-state">
        {plan === null && (
          <Trans>You can have an e-mail remind you when it is time to train.</Trans>
        )}
        {plan?.active && (
          <Trans>
            You get a reminder at {times} ({zone}).
          </Trans>
        )}
        {plan && !plan.active && <Trans>Your reminders are off.</Trans>}
      </p>
      <details open={plan === null}>
        <summary>
          {plan ? <Trans>Change my reminders</Trans> : <Trans>Choose my reminders</Trans>}
        </summary>
        <ReminderForm
          key={plan?.updated_at ?? "none"}
          initial={draftOf(plan)}
          busy={save.isPending}
          onSave={(draft) => save.mutate(draft)}
        />
      </details>
      <SaveOutcome save={save} savedTestId="own-reminders-saved" />
    </section>
  );
}
