// One participant: consent, starting a session, metric charts over sessions with readings,
// adaptive-difficulty history, sessions, and the clinical team's notes.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useRef, useState } from "react";
import { newKey } from "../../api/keys";
import { clinicToday } from "../../ui/dates";
import type { FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { SignReport } from "../../ui/SignReport";
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { rows } from "../../api/client";
import type { Claims, MetricSummary, Participant, ProtocolSnapshot } from "../../api/types";
import { practiceState } from "../../api/practice";
import { DosePanel } from "./DosePanel";
import { FlagList, participantFlags } from "./glance";
import { useSummary } from "./ParticipantList";
import {
  ErrorNote,
  Loading,
  Sparkline,
  TrendArrow,
  errorText,
  formatDate,
  formatValue,
  trendOf,
} from "../../ui/widgets";
import { createSession, startSessionGame } from "../../api/sessions";
import { listProtocols } from "../../api/studies";
import {
  addNote,
  getParticipant,
  listNotes,
  listSessions,
  recordConsent,
  fhirUrl,
  reportUrl,
  setWeeklyPlan,
} from "../../api/participants";

export const CHART_METRICS = [
  "recall_hit",
  "recall_position_error",
  "optimal_play_rate",
  "decision_time_median_ms",
  "examination_time_used",
  "memory_fidelity",
];

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

/** The participant's weekly plan: their own, or the study's newest protocol's until one is set. */
function WeeklyPlan({ participant: p }: { participant: Participant }) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(p.sessions_per_week ?? ""));
  const [reason, setReason] = useState("");
  const save = useMutation({
    mutationFn: () => setWeeklyPlan(p.id, value === "" ? null : Number(value), reason),
    onSuccess: (data) => {
      client.setQueryData(["participant", String(p.id)], data);
      void client.invalidateQueries({ queryKey: ["participants"] });
    },
  });
  return (
    <form
      className="plan-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor="plan">Sessions a week planned</label>
      <input
        id="plan"
        type="number"
        min={1}
        max={14}
        value={value}
        placeholder={p.sessions_per_week === null ? String(p.sessions_per_week_planned ?? "") : ""}
        onChange={(e) => setValue(e.target.value)}
      />
      <span className="muted">
        {p.sessions_per_week === null
          ? " the study's protocol plan applies until one is set"
          : " this participant's own plan"}
      </span>
      <label htmlFor="plan-reason">Reason for the change</label>
      <input id="plan-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
      {save.error && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <button type="submit" className="btn secondary" disabled={save.isPending}>
        Save the plan
      </button>
    </form>
  );
}

function ConsentPanel({ participant: p }: { participant: Participant }) {
  const client = useQueryClient();
  const [date, setDate] = useState(() => clinicToday());
  const [version, setVersion] = useState("");
  const consent = useMutation({
    mutationFn: () => recordConsent(p.id, date, version),
    onSuccess: (data) => {
      client.setQueryData(["participant", String(p.id)], data);
      void client.invalidateQueries({ queryKey: ["participants"] });
    },
  });
  return (
    <div className="card-panel" data-testid="consent-panel">
      <h2>Consent</h2>
      {p.consent_withdrawn_at ? (
        <p>
          <span className="badge warn">withdrawn</span> on {formatDate(p.consent_withdrawn_at)}. No
          new sessions.
        </p>
      ) : p.has_consent ? (
        <p data-testid="consent-status">
          Consent recorded on {formatDate(p.consent_date)} (form {p.consent_form_version}).
        </p>
      ) : (
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            consent.mutate();
          }}
        >
          <p className="muted">
            No consent recorded yet. Record the signed form to start sessions.
          </p>
          <label htmlFor="consent-date">Date signed</label>
          <input
            id="consent-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
          />
          <label htmlFor="consent-version">Consent form version</label>
          <input
            id="consent-version"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            required
          />
          {consent.error && (
            <p className="form-error" role="alert">
              {errorText(consent.error)}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={consent.isPending}>
            Record consent
          </button>
        </form>
      )}
    </div>
  );
}

function StartSession({ participant: p }: { participant: Participant }) {
  const navigate = useNavigate();
  const protocols = useQuery({
    queryKey: ["protocols", p.study],
    queryFn: () => listProtocols(p.study),
  });
  const [protocol, setProtocol] = useState<string>("");
  // One key for the sitting this form means: a second click, before the first is answered,
  // is ignored here and, if it got through, answered by the server with the same sitting.
  const clientKey = useRef(newKey());
  const busy = useRef(false);
  const start = useMutation({
    mutationFn: async () => {
      const session = await createSession(p.id, Number(protocol), clientKey.current);
      // A first game begins with the practice round: the session page offers it (or its skip).
      const practice = await practiceState(session.id);
      if (!practice.offered) await startSessionGame(session.id);
      return session;
    },
    onSuccess: (session) => navigate(`/sessions/${session.id}`),
    onSettled: () => {
      busy.current = false;
    },
  });
  const list = rows(protocols.data);
  return (
    <div className="card-panel">
      <h2>Start a session</h2>
      {!p.has_consent ? (
        <p className="muted">Record consent first.</p>
      ) : (
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (busy.current) return;
            busy.current = true;
            start.mutate();
          }}
        >
          <label htmlFor="protocol">Protocol</label>
          <select
            id="protocol"
            value={protocol}
            onChange={(e) => setProtocol(e.target.value)}
            required
          >
            <option value="">Choose a protocol…</option>
            {list.map((pr) => (
              <option key={pr.id} value={pr.id}>
                {pr.name} v{pr.version} · {pr.game} · {pr.examination_seconds} s
              </option>
            ))}
          </select>
          {start.error && (
            <p className="form-error" role="alert">
              {errorText(start.error)}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={!protocol || start.isPending}>
            {start.isPending ? "Starting…" : "Start the session"}
          </button>
          <Link
            className="btn secondary"
            to={`/tables/new?participant=${p.id}`}
            data-testid="open-table"
          >
            Open a table with others
          </Link>
        </form>
      )}
    </div>
  );
}

/** A measure's test id: its key, and its game when that is not Memulation. */
export function testId(metric: Pick<MetricSummary, "key" | "game">): string {
  return metric.game === "memulation" ? metric.key : `${metric.key}-${metric.game}`;
}

/** What the study declared it will claim, so the page's words can be read for what they are. */
function ClaimsNote({ claims }: { claims: Claims }) {
  if (!claims.primary_metrics.length || claims.assessment_points.length < 2) {
    return (
      <p className="muted" data-testid="claims">
        This study declares no primary measures and assessment points: every trend below is
        exploratory, and nothing is read as an improvement or a decline.
      </p>
    );
  }
  const points = claims.assessment_points
    .map((p) => `${p.label || POINT_WORDS[p.kind] || p.kind} (${p.when})`)
    .join(", ");
  return (
    <p className="muted" data-testid="claims">
      Primary measures are read only at the study's assessment points: {points}. Words about change
      appear only there, after correction for every planned reading; every other trend is
      exploratory.
    </p>
  );
}

const POINT_WORDS: Record<string, string> = {
  baseline: "Baseline",
  post_training: "End of training",
  follow_up: "Follow-up",
};

/** The latest value with the observations and the session it rests on. */
export function LatestValue({ metric }: { metric: MetricSummary }) {
  if (metric.latest === null) return <span className="muted">–</span>;
  return (
    <>
      {formatValue(metric.latest, metric.unit)}{" "}
      <span className="muted">
        (n = {metric.latest_n}, session {metric.latest_session})
      </span>
    </>
  );
}

/** Each session's value by its number (a gap where a session has none), and the fitted trend
 * between its two ends when there is one. */
export function chartRows(metric: MetricSummary) {
  const trend = trendOf(metric);
  const fitted = trend?.status === "ok" ? trend : null;
  return metric.series.map((point) => ({
    name: `#${point.session}`,
    value: point.value,
    trend:
      fitted && point.session === fitted.first_session
        ? (fitted.fitted_first ?? null)
        : fitted && point.session === fitted.last_session
          ? (fitted.fitted_last ?? null)
          : null,
  }));
}

function MetricPanel({ metric }: { metric: MetricSummary }) {
  const id = testId(metric);
  const data = chartRows(metric);
  const values = metric.series.filter((point) => point.value !== null).length;
  const hasTrend = data.some((row) => row.trend !== null);
  return (
    <article className="card-panel metric" data-metric={id} aria-labelledby={`m-${id}`}>
      <h3 id={`m-${id}`}>
        {metric.label}
        {metric.role === "primary" && <span className="badge">primary</span>}
      </h3>
      <div className="metric-head">
        <span className="metric-latest" data-testid={`latest-${id}`}>
          <LatestValue metric={metric} />
        </span>
        <span className="muted" data-testid={`counted-${id}`}>
          {metric.counted} of {values} session{values === 1 ? "" : "s"} count for readings (
          {metric.min_trials} or more observations each) · {directionWords(metric.direction)}
          {metric.chance_level !== null && metric.chance_level !== undefined && (
            <span data-testid={`chance-${id}`}>
              {" "}
              · chance level {formatValue(metric.chance_level, metric.unit)}
            </span>
          )}
        </span>
        <TrendArrow metric={metric} />
      </div>
      {values < 2 ? (
        <p className="muted" data-testid={`no-chart-${id}`}>
          {values === 1 ? "One session so far: no chart until there are two." : "No values yet."}
        </p>
      ) : (
        <div className="chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height={190}>
            <LineChart
              data={data}
              margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
              // The chart is a picture (aria-hidden); its readings are the text beside it.
              accessibilityLayer={false}
            >
              <CartesianGrid stroke="#ddd" />
              <XAxis dataKey="name" stroke="#333" />
              <YAxis
                stroke="#333"
                width={AXIS_WIDTH}
                tickFormatter={(v: number) => axisTick(v, metric.unit)}
              />
              <Tooltip formatter={(v) => formatValue(Number(v), metric.unit)} />
              <Legend verticalAlign="bottom" height={24} iconType="plainline" />
              <Line
                type="linear"
                dataKey="value"
                name="Each session"
                stroke="#0b57d0"
                strokeWidth={2}
                dot
                connectNulls={false}
              />
              {hasTrend && (
                <Line
                  type="linear"
                  dataKey="trend"
                  name={TREND_LEGEND}
                  stroke="#b34700"
                  strokeDasharray="5 4"
                  dot={false}
                  connectNulls
                />
              )}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      <dl className="readings">
        {metric.interval && (
          <>
            <dt>Latest session's interval</dt>
            <dd data-testid={`interval-${id}`}>
              <IntervalReading metric={metric} />
            </dd>
          </>
        )}
        {metric.withheld && (
          <>
            <dt>Withheld</dt>
            <dd data-testid={`withheld-${id}`}>{metric.withheld}</dd>
          </>
        )}
        {metric.role === "primary" ? (
          metric.assessments.map((a) => (
            <Fragment key={a.point}>
              <dt>
                {a.label || POINT_WORDS[a.kind] || a.kind} ({a.when})
              </dt>
              <dd data-testid={`assessment-${id}-${a.kind}`}>
                {a.words.map((word) => (
                  <span
                    key={word}
                    className={`badge flag-${/decline/.test(word) ? "decline" : "improvement"}`}
                  >
                    {word}
                  </span>
                ))}{" "}
                {a.reading}
              </dd>
            </Fragment>
          ))
        ) : (
          <>
            <dt>Trend (exploratory)</dt>
            <dd data-testid={`reading-${id}`}>{metric.reading}</dd>
          </>
        )}
        {metric.z?.reading && (
          <>
            <dt>Compared with others</dt>
            <dd data-testid={`z-${id}`}>{metric.z.reading}</dd>
          </>
        )}
        {(metric.plain || metric.definition) && (
          <>
            <dt>What it measures</dt>
            <dd>{metric.plain || metric.definition}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

// Wide enough for the longest tick ("100%", "2.2 s", "12.5"): a narrower axis clips the first
// character away ("00%").
const AXIS_WIDTH = 56;
export const TREND_LEGEND = "Fitted trend";

/** A y-axis tick in the metric's unit, short enough for the axis. */
export function axisTick(value: number, unit: string): string {
  if (unit === "rate" || unit === "%" || unit === "proportion")
    return `${Math.round(value * 100)}%`;
  if (unit === "ms") return `${Number((value / 1000).toFixed(1))} s`; // one unit on one axis
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toFixed(2)));
}

function directionWords(direction: MetricSummary["direction"]): string {
  if (direction === "higher_better") return "higher is better";
  if (direction === "lower_better") return "lower is better";
  return "neutral: neither direction is better";
}

/** The latest session's interval of a measure estimated with one (memory fidelity), with the
 * coverage it was measured to have. */
export function IntervalReading({ metric }: { metric: MetricSummary }) {
  const interval = metric.interval;
  if (!interval) return <span className="muted">–</span>;
  const { low, high, informative, label } = interval;
  return (
    <>
      {formatValue(low, metric.unit)} to {formatValue(high, metric.unit)}
      {label && ` (${label})`}
      {informative !== undefined && ` (${informative} informative decisions)`}
    </>
  );
}

function SessionList({ participantId }: { participantId: number }) {
  const sessions = useQuery({
    queryKey: ["sessions", participantId],
    queryFn: () => listSessions(participantId),
  });
  const list = rows(sessions.data);
  return (
    <>
      <h2>Sessions</h2>
      {sessions.isLoading && <Loading />}
      <ErrorNote error={sessions.error} what="Sessions" />
      {sessions.data && list.length === 0 && <p className="muted">No sessions yet.</p>}
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="session-table">
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Protocol</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Completed</th>
                <th scope="col">Replay</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => {
                const snapshot = s.protocol_snapshot as ProtocolSnapshot | undefined;
                return (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link to={`/sessions/${s.id}`}>Session {s.number}</Link>
                    </th>
                    <td>
                      {String(snapshot?.name ?? s.protocol)} v{String(snapshot?.version ?? "")}
                    </td>
                    <td>{s.status}</td>
                    <td>{formatDate(s.started_at, true)}</td>
                    <td>{formatDate(s.completed_at, true)}</td>
                    <td>
                      {s.status === "completed" ? (
                        <Link
                          to={`/sessions/${s.id}/replay`}
                          aria-label={`Replay session ${s.number}`}
                        >
                          Replay
                        </Link>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Notes({ participantId }: { participantId: number }) {
  const client = useQueryClient();
  const notes = useQuery({
    queryKey: ["notes", participantId],
    queryFn: () => listNotes(participantId),
    retry: false,
  });
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: () => addNote(participantId, text),
    onSuccess: () => {
      setText("");
      void client.invalidateQueries({ queryKey: ["notes", participantId] });
    },
  });
  return (
    <>
      <h2>Notes</h2>
      <p className="muted">For the clinical team only; never part of research exports.</p>
      <ErrorNote error={notes.error} what="Notes" />
      {!notes.error && (
        <form
          className="note-form"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (text.trim()) add.mutate();
          }}
        >
          <label htmlFor="note-text">New note</label>
          <textarea
            id="note-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
          />
          {add.error && (
            <p className="form-error" role="alert">
              {errorText(add.error)}
            </p>
          )}
          <button type="submit" className="btn secondary" disabled={!text.trim() || add.isPending}>
            Add note
          </button>
        </form>
      )}
      <ul className="notes">
        {rows(notes.data).map((n) => (
          <li key={n.id}>
            <div className="muted">
              {n.author_name} · {formatDate(n.created_at, true)}
            </div>
            <p>{n.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
