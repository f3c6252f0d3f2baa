// A measure on the participant page: its chart over the sessions (the values, the fitted trend,
// the norms' band) and its readings in words (the latest value, the interval, the change).

import { Fragment } from "react";
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
import type { Claims, MetricSummary } from "../../api/types";
import { TrendArrow, formatValue, trendOf } from "../../ui/widgets";

export const CHART_METRICS = [
  "recall_hit",
  "recall_position_error",
  "optimal_play_rate",
  "decision_time_median_ms",
  "examination_time_used",
  "memory_fidelity",
];

/** A measure's test id: its key, and its game when that is not Memulation. */
export function testId(metric: Pick<MetricSummary, "key" | "game">): string {
  return metric.game === "memulation" ? metric.key : `${metric.key}-${metric.game}`;
}

/** What the study declared it will claim, so the page's words can be read for what they are. */
export function ClaimsNote({ claims }: { claims: Claims }) {
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

export function MetricPanel({ metric }: { metric: MetricSummary }) {
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
