// One participant: consent, starting a session, metric charts over sessions with readings,
// adaptive-difficulty history, sessions, and the clinical team's notes.

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { SignReport } from "../../ui/SignReport";
import { DosePanel } from "./DosePanel";
import { FlagList, participantFlags } from "./glance";
import { useSummary } from "./ParticipantList";
import { ErrorNote, Loading, Sparkline, TrendArrow, formatDate } from "../../ui/widgets";
import { getParticipant, fhirUrl, reportUrl } from "../../api/participants";
import { ConsentPanel, WeeklyPlan } from "./ConsentAndPlan";
import { CHART_METRICS, ClaimsNote, LatestValue, MetricPanel, testId } from "./MetricPanel";
import { Notes } from "./Notes";
import { SessionList } from "./SessionList";
import { StartSession } from "./StartSession";

export function ParticipantPage() {
  const { id = "" } = useParams();
  const participant = useQuery({
    queryKey: ["participant", id],
    queryFn: () => getParticipant(id),
  });
  const summary = useSummary(id);
  if (participant.isLoading) return <Loading />;
  if (participant.error || !participant.data)
    return <ErrorNote error={participant.error} what="This participant" />;
  const p = participant.data;
  const metrics = summary.data?.metrics ?? [];
  // The primary measures first, then the usual charts, each game its own.
  const primary = metrics.filter((m) => m.role === "primary");
  const charted = [
    ...primary,
    ...metrics.filter((m) => m.role !== "primary" && CHART_METRICS.includes(m.key)),
  ];
  const others = metrics.filter((m) => !charted.includes(m));
  return (
    <section aria-labelledby="p-title" className="participant-page">
      <div className="page-head">
        <h1 id="p-title">
          Participant <span data-testid="participant-code">{p.code}</span>
        </h1>
        <div className="muted">
          {p.study_name} · age {p.age_band} · {p.group ? `group ${p.group}` : "no group"}
          {p.arm && <span data-testid="participant-arm"> · arm {p.arm}</span>}
        </div>
        <div className="muted" data-testid="participant-dates">
          enrolled {formatDate(p.created_at)} · last session {formatDate(p.last_session_at)}
        </div>
        <ReportLink participantId={p.id} />
      </div>
      <section aria-label="At a glance" className="card-panel glance" data-testid="glance">
        <p>
          <strong>This week:</strong>{" "}
          <span data-testid="week-against-plan">
            {p.sessions_this_week} of {p.sessions_per_week_planned ?? "–"} planned sessions
          </span>
          {" · "}last week {p.sessions_last_week}
        </p>
        <FlagList flags={participantFlags(p, metrics)} />
        <WeeklyPlan participant={p} />
      </section>
      <div className="grid-2">
        <ConsentPanel participant={p} />
        <StartSession participant={p} />
      </div>

      <h2>Progress</h2>
      {summary.data && <ClaimsNote claims={summary.data.claims} />}
      {summary.isLoading && <Loading />}
      <ErrorNote error={summary.error} what="Metrics" />
      {summary.data && metrics.length === 0 && (
        <p className="muted">No metrics yet: they appear after the first finished session.</p>
      )}
      <div className="metric-grid">
        {charted.map((m) => (
          <MetricPanel key={`${m.key}-${m.game}`} metric={m} />
        ))}
      </div>
      {others.length > 0 && (
        <details className="card-panel">
          <summary>Other measures ({others.length})</summary>
          <div className="table-wrap">
            <table className="data-table" data-testid="other-metrics">
              <thead>
                <tr>
                  <th scope="col">Measure</th>
                  <th scope="col">Latest</th>
                  <th scope="col">Over sessions</th>
                  <th scope="col">Trend</th>
                  <th scope="col">Reading</th>
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
                        label={`${m.label} over sessions`}
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
          <h2>Adaptive difficulty</h2>
          {summary.data.adaptive.length === 0 ? (
            <p className="muted">No changes so far.</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">After session</th>
                    <th scope="col">Examination time</th>
                    <th scope="col">Opponent level</th>
                    <th scope="col">Why</th>
                    <th scope="col">When</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.data.adaptive.map((a, i) => (
                    <tr key={i}>
                      <td>{a.session}</td>
                      <td>{a.examination_seconds ?? "–"} s</td>
                      <td>{a.opponent_level ?? "–"}</td>
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
      <Notes participantId={p.id} />
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
        Printable report (PDF)
      </a>
      <a
        className="btn secondary"
        href={fhirUrl(participantId)}
        download={`participant-${participantId}-fhir.json`}
        data-testid="fhir-link"
      >
        Results for the clinic's records (FHIR)
      </a>
      <label className="check">
        <input type="checkbox" checked={notes} onChange={(e) => setNotes(e.target.checked)} />{" "}
        include clinician notes
      </label>
    </div>
  );
}
