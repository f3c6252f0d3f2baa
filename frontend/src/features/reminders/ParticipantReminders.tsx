// Staff on the participant's page: the reminders the participant chose (set here on their
// behalf, saying how they agreed) and the log of each reminder that fell due, sent or skipped.

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { getParticipantReminders, setParticipantReminders } from "../../api/reminders";
import type { AgreedHow, ReminderLogEntry } from "../../api/reminders";
import { formatDate, SaveOutcome } from "../../ui/widgets";
import { ReminderForm, choiceOf, draftOf } from "./ReminderForm";
import type { ReminderDraft } from "./ReminderForm";
import { AGREED_HOW, OUTCOME, WHY } from "./words";
import { formatList } from "../../i18n/format";

export function ParticipantReminders() {
  const { id = "" } = useParams();
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const key = ["reminders", id];
  const reminders = useQuery({
    queryKey: key,
    queryFn: () => getParticipantReminders(Number(id)),
    retry: false,
  });
  const [agreed, setAgreed] = useState<AgreedHow>("in_person");
  const save = useMutation({
    mutationFn: (draft: ReminderDraft) =>
      setParticipantReminders(Number(id), { ...choiceOf(draft), agreed_how: agreed }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  if (reminders.isLoading || reminders.error) {
    // A participant the caller may not see: their page says so; nothing to add here.
    return null;
  }
  const plan = reminders.data?.plan ?? null;
  const log = reminders.data?.log ?? [];
  const times = plan ? formatList(plan.times) : undefined;
  const zone = plan?.time_zone;
  const how = plan ? i18n._(AGREED_HOW[plan.agreed_how]) : "";
  const changed = formatDate(plan?.updated_at, true);
  const stopped = formatDate(plan?.opted_out_at, true);
  return (
    <section aria-labelledby="reminders-title" className="card-panel" data-testid="reminders">
      <h2 id="reminders-title">
        <Trans>Reminders</Trans>
      </h2>
      <p data-testid="reminders-state">
        {plan === null && <Trans>No reminders chosen.</Trans>}
        {plan?.active && (
          <Trans>
            By e-mail at {times} ({zone}); chosen {how}, {changed}.
          </Trans>
        )}
        {plan && !plan.active && <Trans>Stopped {stopped}: no reminders are sent.</Trans>}
      </p>
      <details>
        <summary>
          {plan ? <Trans>Change the reminders</Trans> : <Trans>Choose reminders</Trans>}
        </summary>
        <ReminderForm
          key={plan?.updated_at ?? "none"}
          initial={draftOf(plan)}
          busy={save.isPending}
          onSave={(draft) => save.mutate(draft)}
          extra={
            <p>
              <label htmlFor="reminders-agreed">
                <Trans>How the participant chose them</Trans>
              </label>
              <select
                id="reminders-agreed"
                value={agreed}
                onChange={(e) => setAgreed(e.target.value as AgreedHow)}
              >
                {(Object.keys(AGREED_HOW) as AgreedHow[]).map((how) => (
                  <option key={how} value={how}>
                    {i18n._(AGREED_HOW[how])}
                  </option>
                ))}
              </select>
            </p>
          }
        />
        <SaveOutcome save={save} />
      </details>
      <h3>
        <Trans>Sent and skipped</Trans>
      </h3>
      {log.length === 0 ? (
        <p className="muted">
          <Trans>None has fallen due yet.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" data-testid="reminder-log">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Due (the participant's time)</Trans>
                </th>
                <th scope="col">
                  <Trans>Outcome</Trans>
                </th>
                <th scope="col">
                  <Trans>Why</Trans>
                </th>
                <th scope="col">
                  <Trans>Link opened</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.map((entry: ReminderLogEntry) => (
                <tr key={entry.due_at}>
                  <td>{entry.local_time}</td>
                  <td>{i18n._(OUTCOME[entry.outcome])}</td>
                  <td>{entry.why ? i18n._(WHY[entry.why]) : "–"}</td>
                  <td>{entry.link_used_at ? formatDate(entry.link_used_at, true) : t`No`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
