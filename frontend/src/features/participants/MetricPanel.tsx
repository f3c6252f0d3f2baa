// A measure on the participant page: its chart over the sessions (the values, the fitted trend,
// the norms' band) and its readings in words (the latest value, the interval, the change).

import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { formatList, formatNumber, formatPercent } from "../../i18n/format";
import { direction, isLanguage } from "../../i18n/languages";
import { TrendArrow, formatValue, trendOf } from "../../ui/widgets";
import { LatestValue, flagWords } from "./glance";

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
        <Trans>
          This study declares no primary measures and assessment points: every trend below is
          exploratory, and nothing is read as an improvement or a decline.
        </Trans>
      </p>
    );
  }
  const points = formatList(
    claims.assessment_points.map((p) => `${pointName(p)} (${p.when})`),
    "unit",
  );
  return (
    <p className="muted" data-testid="claims">
      <Trans>
        Primary measures are read only at the study's assessment points: {points}. Words about
        change appear only there, after correction for every planned reading; every other trend is
        exploratory.
      </Trans>
    </p>
  );
}

const POINT_WORDS: Record<string, MessageDescriptor> = {
  baseline: msg`Baseline`,
  post_training: msg`End of training`,
  follow_up: msg`Follow-up`,
};

/** An assessment point's name: the study's own label, else its kind in the reader's words. */
function pointName(point: { label?: string; kind: string }): string {
  if (point.label) return point.label;
  return POINT_WORDS[point.kind] ? i18n._(POINT_WORDS[point.kind]) : point.kind;
}

/** Each session's value by its number (a gap where a session has none), and the fitted trend
 * between its two ends when there is one. */
export function chartRows(metric: MetricSummary) {
  const trend = trendOf(metric);
  const fitted = trend?.status === "ok" ? trend : null;
  return metric.series.map((point) => ({
    name: `#${formatNumber(point.session)}`,
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
  const { t, i18n: reader } = useLingui();
  const id = testId(metric);
  // Under a right-to-left language the sessions run from right to left, and the values' axis
  // stands on the right, where the reader starts.
  const rtl = isLanguage(reader.locale) && direction(reader.locale) === "rtl";
  const data = chartRows(metric);
  const values = metric.series.filter((point) => point.value !== null).length;
  const hasTrend = data.some((row) => row.trend !== null);
  const chance = formatValue(metric.chance_level, metric.unit);
  return (
    <article className="card-panel metric" data-metric={id} aria-labelledby={`m-${id}`}>
      <h3 id={`m-${id}`}>
        {metric.label}
        {metric.role === "primary" && (
          <span className="badge">
            <Trans>primary</Trans>
          </span>
        )}
      </h3>
      <div className="metric-head">
        <span className="metric-latest" data-testid={`latest-${id}`}>
          <LatestValue metric={metric} />
        </span>
        <span className="muted" data-testid={`counted-${id}`}>
          {countedWords(metric.counted, values, metric.min_trials)} ·{" "}
          {directionWords(metric.direction)}
          {metric.chance_level !== null && metric.chance_level !== undefined && (
            <span data-testid={`chance-${id}`}> · {t`chance level ${chance}`}</span>
          )}
        </span>
        <TrendArrow metric={metric} />
      </div>
      {values < 2 ? (
        <p className="muted" data-testid={`no-chart-${id}`}>
          {values === 1 ? t`One session so far: no chart until there are two.` : t`No values yet.`}
        </p>
      ) : (
        <div className="chart" aria-hidden="true">
          <ResponsiveContainer
            width="100%"
            height={190}
            initialDimension={{ width: CHART_WIDTH, height: 190 }}
          >
            <LineChart
              data={data}
              margin={{ top: 8, right: rtl ? 4 : 16, bottom: 4, left: rtl ? 16 : 4 }}
              // The chart is a picture (aria-hidden); its readings are the text beside it.
              accessibilityLayer={false}
            >
              <CartesianGrid stroke="#ddd" />
              <XAxis dataKey="name" stroke="#333" reversed={rtl} />
              <YAxis
                stroke="#333"
                orientation={rtl ? "right" : "left"}
                width={AXIS_WIDTH}
                tickFormatter={(v: number) => axisTick(v, metric.unit)}
              />
              <Tooltip formatter={(v) => formatValue(Number(v), metric.unit)} />
              <Legend verticalAlign="bottom" height={24} iconType="plainline" />
              <Line
                type="linear"
                dataKey="value"
                name={t`Each session`}
                stroke="#0b57d0"
                strokeWidth={2}
                dot
                connectNulls={false}
              />
              {hasTrend && (
                <Line
                  type="linear"
                  dataKey="trend"
                  name={reader._(TREND_LEGEND)}
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
            <dt>
              <Trans>Latest session's interval</Trans>
            </dt>
            <dd data-testid={`interval-${id}`}>
              <IntervalReading metric={metric} />
            </dd>
          </>
        )}
        {metric.withheld && (
          <>
            <dt>
              <Trans>Withheld</Trans>
            </dt>
            <dd data-testid={`withheld-${id}`}>{metric.withheld}</dd>
          </>
        )}
        {metric.role === "primary" ? (
          metric.assessments.map((a) => (
            <Fragment key={a.point}>
              <dt>
                {pointName(a)} ({a.when})
              </dt>
              <dd data-testid={`assessment-${id}-${a.kind}`}>
                {a.words.map((word) => (
                  <span
                    key={word}
                    className={`badge flag-${/decline/.test(word) ? "decline" : "improvement"}`}
                  >
                    {flagWords(word)}
                  </span>
                ))}{" "}
                {a.reading}
              </dd>
            </Fragment>
          ))
        ) : (
          <>
            <dt>
              <Trans>Trend (exploratory)</Trans>
            </dt>
            <dd data-testid={`reading-${id}`}>{metric.reading}</dd>
          </>
        )}
        {metric.z?.reading && (
          <>
            <dt>
              <Trans>Compared with others</Trans>
            </dt>
            <dd data-testid={`z-${id}`}>{metric.z.reading}</dd>
          </>
        )}
        {(metric.plain || metric.definition) && (
          <>
            <dt>
              <Trans>What it measures</Trans>
            </dt>
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

// The chart's width until the page has measured its place (and in a test, which lays nothing out).
const CHART_WIDTH = 480;

export const TREND_LEGEND = msg`Fitted trend`;

/** A y-axis tick in the metric's unit, short enough for the axis, in the reader's numbers. */
export function axisTick(value: number, unit: string): string {
  if (unit === "rate" || unit === "%" || unit === "proportion") return formatPercent(value);
  if (unit === "ms") {
    // one unit on one axis
    const seconds = formatNumber(value / 1000, { maximumFractionDigits: 1 });
    return t`${seconds} s`;
  }
  return formatNumber(value, { maximumFractionDigits: 2 });
}

function countedWords(counted: number, values: number, minimum: number): string {
  const done = formatNumber(counted);
  const least = formatNumber(minimum);
  return plural(values, {
    one: `${done} of # session count for readings (${least} or more observations each)`,
    other: `${done} of # sessions count for readings (${least} or more observations each)`,
  });
}

function directionWords(direction: MetricSummary["direction"]): string {
  if (direction === "higher_better") return t`higher is better`;
  if (direction === "lower_better") return t`lower is better`;
  return t`neutral: neither direction is better`;
}

/** The latest session's interval of a measure estimated with one (memory fidelity), with the
 * coverage it was measured to have. */
export function IntervalReading({ metric }: { metric: MetricSummary }) {
  const interval = metric.interval;
  if (!interval) return <span className="muted">–</span>;
  const { low, high, informative, label } = interval;
  const from = formatValue(low, metric.unit);
  const to = formatValue(high, metric.unit);
  return (
    <>
      <Trans>
        {from} to {to}
      </Trans>
      {label && ` (${label})`}
      {informative !== undefined &&
        ` (${plural(informative, { one: "# informative decision", other: "# informative decisions" })})`}
    </>
  );
}
