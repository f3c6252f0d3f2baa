// The dose ledger on a participant's page: prescribed against delivered per programme week, a
// reason for each week that fell short, and the link to the participant's own progress page.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { getLedger, issueProgressLink, recordMissed } from "../../api/programme";
import type { Ledger, MissedReason } from "../../api/programme";

export const REASONS: [MissedReason, string][] = [
  ["illness", "Illness"],
  ["away", "Away or on holiday"],
  ["technical", "Technical problem"],
  ["no_time", "No time"],
  ["not_wanted", "Did not want to train"],
  ["unreachable", "Could not be reached"],
  ["other", "Other"],
];

export function DosePanel({ participantId }: { participantId: number }) {
  const ledger = useQuery({
    queryKey: ["dose", participantId],
    queryFn: () => getLedger(participantId),
  });
  return (
    <section className="card-panel" aria-labelledby="dose-title" data-testid="dose-ledger">
      <h2 id="dose-title">Dose</h2>
      {ledger.isLoading && <Loading />}
      <ErrorNote error={ledger.error} what="The dose ledger" />
      {ledger.data && <LedgerTable participantId={participantId} ledger={ledger.data} />}
      <ProgressLink participantId={participantId} />
    </section>
  );
}

function LedgerTable({ participantId, ledger }: { participantId: number; ledger: Ledger }) {
  const p = ledger.programme;
  return (
    <>
      <p data-testid="dose-summary">
        {p
          ? `Prescribed: ${p.sessions_per_week} sessions a week of ${p.minutes_per_session} minutes for ${p.weeks} weeks${p.boosters?.length ? `, with ${p.boosters.length} booster window(s)` : ""} (${p.own ? "this participant's own" : "the study's"}).`
          : "No dose is prescribed for this study yet."}{" "}
        {ledger.adherence !== null &&
          `Held ${ledger.delivered} of ${ledger.prescribed} prescribed sessions in the weeks that are over (${Math.round(ledger.adherence * 100)}%).`}
      </p>
      {ledger.weeks.length > 0 && (
        <div className="table-scroll">
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col">From</th>
                  <th scope="col">Prescribed</th>
                  <th scope="col">Scheduled</th>
                  <th scope="col">Held</th>
                  <th scope="col">Active minutes</th>
                  <th scope="col">Missed</th>
                </tr>
              </thead>
              <tbody>
                {ledger.weeks.map((w) => (
                  <tr key={w.week} data-testid={`dose-week-${w.week}`}>
                    <th scope="row">
                      {w.week}
                      {w.current && " (this week)"}
                    </th>
                    <td>{formatDate(w.starts_on)}</td>
                    <td>{w.prescribed}</td>
                    <td>{w.scheduled}</td>
                    <td>{w.delivered}</td>
                    <td>{w.active_minutes}</td>
                    <td>
                      {w.missed ? (
                        <MissedReasonPicker
                          participantId={participantId}
                          week={w.week}
                          missed={w.missed}
                          reason={w.missed_reason ?? null}
                        />
                      ) : w.missed === null ? (
                        "–"
                      ) : (
                        "0"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </>
  );
}

function MissedReasonPicker(props: {
  participantId: number;
  week: number;
  missed: number;
  reason: MissedReason | null;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (reason: MissedReason) => recordMissed(props.participantId, props.week, reason),
    onSuccess: (data) => client.setQueryData(["dose", props.participantId], data),
  });
  const id = `missed-${props.week}`;
  return (
    <span>
      {props.missed}{" "}
      <label htmlFor={id} className="sr-only">
        Why week {props.week} was missed
      </label>
      <select
        id={id}
        value={props.reason ?? ""}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as MissedReason)}
      >
        <option value="" disabled>
          reason…
        </option>
        {REASONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {save.error && (
        <span className="form-error" role="alert">
          {errorText(save.error)}
        </span>
      )}
    </span>
  );
}

function ProgressLink({ participantId }: { participantId: number }) {
  const issue = useMutation({ mutationFn: () => issueProgressLink(participantId) });
  const url = issue.data ? `${window.location.origin}${issue.data.path}` : null;
  return (
    <div className="report-link">
      <button
        type="button"
        className="btn secondary"
        onClick={() => issue.mutate()}
        disabled={issue.isPending}
      >
        Progress link for the participant
      </button>
      {url && (
        <a href={url} data-testid="progress-link" target="_blank" rel="noreferrer">
          {url.length > 60 ? `${url.slice(0, 60)}…` : url}
        </a>
      )}
      {issue.error && (
        <p className="form-error" role="alert">
          {errorText(issue.error)}
        </p>
      )}
    </div>
  );
}
