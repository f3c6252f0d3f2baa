// One participant: consent, starting a session, metric charts over sessions with readings,
// adaptive-difficulty history, sessions, and the clinical team's notes.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { useMe } from "../../auth/auth";
import { formatNumber } from "../../i18n/format";
import { SignReport } from "../../ui/SignReport";
import { DosePanel } from "./DosePanel";
import { FlagList, LatestValue, WeekAgainstPlan, participantFlags } from "./glance";
import { useSummary } from "./ParticipantList";
import { ErrorNote, Loading, Sparkline, TrendArrow, formatDate } from "../../ui/widgets";
import { getParticipant, fhirUrl, reportUrl } from "../../api/participants";
import { ConsentPanel, WeeklyPlan } from "./ConsentAndPlan";
import { CHART_METRICS, ClaimsNote, MetricPanel, testId } from "./MetricPanel";
import { Notes, onClinicalTeam } from "./Notes";
import { SessionList } from "./SessionList";
import { StartSession } from "./StartSession";

export function ParticipantPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const participant = useQuery({
    queryKey: ["participant", id],
    queryFn: () => getParticipant(id),
  });
  const summary = useSummary(id);
  const me = useMe().data;
  // The glance's flags come from both answers: drawn before the summary, they would say
  // "none" and then grow, moving the plan and the actions below them from under the pointer.
  if (participant.isLoading || summary.isLoading) return <Loading />;
  if (participant.error || !participant.data)
    return <ErrorNote error={participant.error} what={t`This participant`} />;
  const p = participant.data;
  const metrics = summary.data?.metrics ?? [];
  // The primary measures first, then the usual charts, each game its own.
  const primary = metrics.filter((m) => m.role === "primary");
  const charted = [
    ...primary,
    ...metrics.filter((m) => m.role !== "primary" && CHART_METRICS.includes(m.key)),
  ];
  const others = metrics.filter((m) => !charted.includes(m));
  const overSessions = (label: string) => t`${label} over sessions`;
  const seconds = (value: number | null | undefined) => {
    if (value === null || value === undefined) return "–";
    const n = formatNumber(value);
    return t`${n} s`;
  };
  const code = p.code;
  const ageBand = p.age_band;
  const group = p.group;
  const arm = p.arm;
  const enrolled = formatDate(p.created_at);
  const lastSession = formatDate(p.last_session_at);
  const lastWeek = formatNumber(p.sessions_last_week);
  const otherCount = formatNumber(others.length);
  return (
    <section aria-labelledby="p-title" className="participant-page">
      <div className="page-head">
        <h1 id="p-title">
          <Trans>
            Participant <span data-testid="participant-code">{code}</span>
          </Trans>
        </h1>
        <div className="muted">
          {p.study_name} · {t`age ${ageBand}`} · {group ? t`group ${group}` : t`no group`}
          {arm && (
            <span data-testid="participant-arm">
              {" "}
              · <Trans>arm {arm}</Trans>
            </span>
          )}
        </div>
        <div className="muted" data-testid="participant-dates">
          <Trans>
            enrolled {enrolled} · last session {lastSession}
          </Trans>
        </div>
        <ReportLink participantId={p.id} />
      </div>
      <section aria-label={t`At a glance`} className="card-panel glance" data-testid="glance">
        <p>
          <strong>
            <Trans>This week:</Trans>
          </strong>{" "}
          <span data-testid="week-against-plan">
            <WeekAgainstPlan held={p.sessions_this_week} planned={p.sessions_per_week_planned} />
          </span>
          {" · "}
          <Trans>last week {lastWeek}</Trans>
        </p>
        {summary.error ? (
          // Progress below says why, once.
          <p className="muted" data-testid="flags-unknown">
            <Trans>Flags unknown: the metrics did not load (see Progress).</Trans>
          </p>
        ) : (
          <FlagList flags={participantFlags(p, metrics)} />
        )}
        <WeeklyPlan participant={p} />
      </section>
      <div className="grid-2">
        <ConsentPanel participant={p} />
        <StartSession participant={p} />
      </div>

      <h2>
        <Trans>Progress</Trans>
      </h2>
      {summary.data && <ClaimsNote claims={summary.data.claims} />}
      <ErrorNote error={summary.error} what={t`Metrics`} />
      {summary.data && metrics.length === 0 && (
        <p className="muted">
          <Trans>No metrics yet: they appear after the first finished session.</Trans>
        </p>
      )}
      <div className="metric-grid">
        {charted.map((m) => (
          <MetricPanel key={`${m.key}-${m.game}`} metric={m} />
        ))}
      </div>
      {others.length > 0 && (
        <details className="card-panel">
          <summary>
            <Trans>Other measures ({otherCount})</Trans>
          </summary>
          <div className="table-wrap">
            <table className="data-table" data-testid="other-metrics">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Measure</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Latest</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Over sessions</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Trend</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Reading</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {others.map((m) => (
                  <tr key={`${m.key}-${m.game}`} data-metric={testId(m)}>
                    <th scope="row" title={m.definition}>
                      {m.label}
                    </th>
                    <td>
                      <LatestValue metric={m} />
                    </td>
                    <td>
                      <Sparkline
                        values={m.series.map((point) => point.value)}
                        label={overSessions(m.label)}
                      />
                    </td>
                    <td>
                      <TrendArrow metric={m} />
                    </td>
                    <td data-testid={`reading-${testId(m)}`}>{m.reading}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}

      {summary.data && (
        <>
          <h2>
            <Trans>Adaptive difficulty</Trans>
          </h2>
          {summary.data.adaptive.length === 0 ? (
            <p className="muted">
              <Trans>No changes so far.</Trans>
            </p>
          ) : (
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>After session</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Examination time</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Opponent level</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Why</Trans>
                    </th>
                    <th scope="col">
                      <Trans>When</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.data.adaptive.map((a, i) => (
                    <tr key={i}>
                      <td>{formatNumber(a.session)}</td>
                      <td>{seconds(a.examination_seconds)}</td>
                      <td>{a.opponent_level === null ? "–" : formatNumber(a.opponent_level)}</td>
                      <td>{a.reason}</td>
                      <td>{formatDate(a.at, true)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      <DosePanel participantId={p.id} />
      <SessionList participantId={p.id} />
      <SignReport participantId={p.id} />
      <Notes participantId={p.id} onTeam={onClinicalTeam(me, p.clinicians)} />
    </section>
  );
}

/** The printable report (PDF, drawn on the server); clinician notes only when asked for. */
function ReportLink({ participantId }: { participantId: number }) {
  const [notes, setNotes] = useState(false);
  return (
    <div className="report-link">
      <a
        className="btn secondary"
        href={reportUrl(participantId, notes)}
        download
        data-testid="report-link"
      >
        <Trans>Printable report (PDF)</Trans>
      </a>
      <a
        className="btn secondary"
        href={fhirUrl(participantId)}
        download={`participant-${participantId}-fhir.json`}
        data-testid="fhir-link"
      >
        <Trans>Results for the clinic's records (FHIR)</Trans>
      </a>
      <label className="check">
        <input type="checkbox" checked={notes} onChange={(e) => setNotes(e.target.checked)} />{" "}
        <Trans>include clinician notes</Trans>
      </label>
    </div>
  );
}
