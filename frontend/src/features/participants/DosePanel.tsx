// The dose ledger on a participant's page: prescribed against delivered per programme week, a
// reason for each week that fell short, the changes of prescription, and the link to the
// participant's own progress page.

import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatNumber, formatPercent } from "../../i18n/format";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { getLedger, issueProgressLink, recordMissed } from "../../api/programme";
import type { Ledger, MissedReason, Prescription } from "../../api/programme";

export const REASONS: [MissedReason, MessageDescriptor][] = [
  ["illness", msg`Illness`],
  ["away", msg`Away or on holiday`],
  ["technical", msg`Technical problem`],
  ["no_time", msg`No time`],
  ["not_wanted", msg`Did not want to train`],
  ["unreachable", msg`Could not be reached`],
  ["other", msg`Other`],
];

export function DosePanel({ participantId }: { participantId: number }) {
  const { t } = useLingui();
  const ledger = useQuery({
    queryKey: ["dose", participantId],
    queryFn: () => getLedger(participantId),
  });
  return (
    <section className="card-panel" aria-labelledby="dose-title" data-testid="dose-ledger">
      <h2 id="dose-title">
        <Trans>Dose</Trans>
      </h2>
      {ledger.isLoading && <Loading />}
      <ErrorNote error={ledger.error} what={t`The dose ledger`} />
      {ledger.data && <LedgerTable participantId={participantId} ledger={ledger.data} />}
      <ProgressLink participantId={participantId} />
    </section>
  );
}

function LedgerTable({ participantId, ledger }: { participantId: number; ledger: Ledger }) {
  const { t } = useLingui();
  const p = ledger.programme;
  return (
    <>
      <p data-testid="dose-summary">
        {p ? <PrescribedWords programme={p} /> : t`No dose is prescribed for this study yet.`}{" "}
        {ledger.adherence !== null && <HeldWords ledger={ledger} adherence={ledger.adherence} />}
      </p>
      <PrescriptionHistory versions={ledger.prescriptions} />
      {ledger.weeks.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Week</Trans>
                </th>
                <th scope="col">
                  <Trans>From</Trans>
                </th>
                <th scope="col">
                  <Trans>Prescribed</Trans>
                </th>
                <th scope="col">
                  <Trans>Scheduled</Trans>
                </th>
                <th scope="col">
                  <Trans>Held</Trans>
                </th>
                <th scope="col">
                  <Trans>Active minutes</Trans>
                </th>
                <th scope="col">
                  <Trans>Missed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.weeks.map((w) => (
                <tr key={w.week} data-testid={`dose-week-${w.week}`}>
                  <th scope="row">
                    {formatNumber(w.week)}
                    {w.current && ` ${t`(this week)`}`}
                  </th>
                  <td>{formatDate(w.starts_on)}</td>
                  <td>{formatNumber(w.prescribed)}</td>
                  <td>{formatNumber(w.scheduled)}</td>
                  <td>{formatNumber(w.delivered)}</td>
                  <td>{formatNumber(w.active_minutes)}</td>
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
                      formatNumber(0)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The versions of the prescription the weeks were measured against, newest first: a week
 * that has ended keeps the one in force on its last day, so a change shows in the weeks from
 * the one it was made in, never in the weeks before. */
function PrescriptionHistory({ versions }: { versions: Prescription[] }) {
  if (versions.length < 2) return null; // nothing has changed
  return (
    <details data-testid="prescription-history">
      <summary>
        <Trans>Changes of prescription</Trans>
      </summary>
      <p>
        <Trans>
          Each week is measured against the prescription in force on its last day; this week against
          the one in force now.
        </Trans>
      </p>
      <ol>
        {versions.map((v) => (
          <li key={v.id}>
            <Version version={v} />
          </li>
        ))}
      </ol>
    </details>
  );
}

function Version({ version: v }: { version: Prescription }) {
  const { t } = useLingui();
  const when = v.effective_at ? formatDate(v.effective_at, true) : t`From the beginning`;
  const who = v.made_by;
  return (
    <>
      <strong>{when}</strong>{" "}
      {v.cleared ? (
        t`The participant's own prescription ended: the study's applies.`
      ) : (
        <PrescribedWords programme={v} />
      )}
      {who && ` ${t`(by ${who})`}`}
    </>
  );
}

function MissedReasonPicker(props: {
  participantId: number;
  week: number;
  missed: number;
  reason: MissedReason | null;
}) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (reason: MissedReason) => recordMissed(props.participantId, props.week, reason),
    onSuccess: (data) => client.setQueryData(["dose", props.participantId], data),
  });
  const id = `missed-${props.week}`;
  const week = formatNumber(props.week);
  return (
    <span>
      {formatNumber(props.missed)}{" "}
      <label htmlFor={id} className="sr-only">
        <Trans>Why week {week} was missed</Trans>
      </label>
      <select
        id={id}
        value={props.reason ?? ""}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as MissedReason)}
      >
        <option value="" disabled>
          {t`reason…`}
        </option>
        {REASONS.map(([value, label]) => (
          <option key={value} value={value}>
            {i18n._(label)}
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
        <Trans>Progress link for the participant</Trans>
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

type Dose = Pick<
  NonNullable<Ledger["programme"]>,
  "sessions_per_week" | "minutes_per_session" | "weeks" | "boosters" | "own"
>;

/** The study's (or the participant's own) prescription in a sentence. */
export function PrescribedWords({ programme: p }: { programme: Dose }) {
  const { t } = useLingui();
  const sessions = p.sessions_per_week;
  const minutes = p.minutes_per_session;
  const weeks = p.weeks;
  const boosters = p.boosters?.length ?? 0;
  const dose = p.own
    ? t`Prescribed: ${plural(sessions, { one: "# session", other: "# sessions" })} a week of ${plural(minutes, { one: "# minute", other: "# minutes" })} for ${plural(weeks, { one: "# week", other: "# weeks" })} (this participant's own).`
    : t`Prescribed: ${plural(sessions, { one: "# session", other: "# sessions" })} a week of ${plural(minutes, { one: "# minute", other: "# minutes" })} for ${plural(weeks, { one: "# week", other: "# weeks" })} (the study's).`;
  if (!boosters) return dose;
  const windows = t({
    message: plural(boosters, { one: "With # booster window.", other: "With # booster windows." }),
  });
  return `${dose} ${windows}`;
}

function HeldWords({ ledger, adherence }: { ledger: Ledger; adherence: number }) {
  const { t } = useLingui();
  // "x of y prescribed" counts each week's sessions up to its prescription, as the share does;
  // the sessions held beyond it are said apart, so the two never read "12 of 10 (60%)".
  const held = formatNumber(ledger.held_as_prescribed);
  const prescribed = formatNumber(ledger.prescribed);
  const share = formatPercent(adherence);
  const words = t`Held ${held} of ${prescribed} prescribed sessions in the weeks that are over (${share}).`;
  const beyond = ledger.delivered - ledger.held_as_prescribed;
  if (beyond <= 0) return words;
  const more = t({
    message: plural(beyond, {
      one: "# more session was held beyond the prescription.",
      other: "# more sessions were held beyond the prescription.",
    }),
  });
  return `${words} ${more}`;
}
