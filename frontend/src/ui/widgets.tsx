// Small pieces shared by the staff pages: sparklines, trend arrows, formatting, states.

import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ApiError } from "../api/client";
import type { MetricSummary, Trend } from "../api/types";
import { formatNumber, formatPercent, joinClauses } from "../i18n/format";

// Dates live in ui/dates.ts; the pages import formatDate from here as they always have.
export { formatDate } from "./dates";

export function Sparkline({
  values,
  label,
  width = 120,
  height = 32,
}: {
  values: (number | null)[];
  label: string;
  width?: number;
  height?: number;
}) {
  const points = values
    .map((v, i) => (v === null || v === undefined || Number.isNaN(v) ? null : ([i, v] as const)))
    .filter((p): p is readonly [number, number] => p !== null);
  if (points.length === 0) {
    return (
      <span className="muted">
        <Trans>no data</Trans>
      </span>
    );
  }
  const ys = points.map((p) => p[1]);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const span = max - min || 1;
  const n = Math.max(values.length - 1, 1);
  const path = points
    .map(([i, v], k) => {
      const x = 2 + (i / n) * (width - 4);
      const y = height - 3 - ((v - min) / span) * (height - 6);
      return `${k === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  const [li, lv] = points[points.length - 1];
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path d={path} fill="none" stroke="#0b57d0" strokeWidth="2" />
      <circle
        cx={2 + (li / n) * (width - 4)}
        cy={height - 3 - ((lv - min) / span) * (height - 6)}
        r="3"
        fill="#0b57d0"
      />
    </svg>
  );
}

type Readable = Pick<MetricSummary, "direction" | "trend" | "role" | "assessments">;

/** The trend a metric shows: a primary measure's at its latest assessment point, else its
 * exploratory trend over all its counted sessions. */
export function trendOf(metric: Readable): Trend | null {
  if (metric.role === "primary") {
    const reached = (metric.assessments ?? []).filter((a) => a.trend?.status === "ok");
    return reached.length ? reached[reached.length - 1].trend : null;
  }
  return metric.trend;
}

/** Better or worse: said only of a primary measure's trend at an assessment point, when the
 * corrected p is below 0.05 (its arrow is then up or down). Anything else is not judged. */
export function trendGood(metric: Readable): boolean | null {
  const arrow = trendOf(metric)?.arrow;
  if (metric.role !== "primary" || !arrow || arrow === "flat") return null;
  if (metric.direction === "neutral") return null;
  return (arrow === "up") === (metric.direction === "higher_better");
}

export function TrendArrow({ metric, compact = false }: { metric: Readable; compact?: boolean }) {
  const { t } = useLingui();
  const trend = trendOf(metric);
  const arrow = trend?.arrow ?? "flat";
  const good = trendGood(metric);
  const symbol = arrow === "up" ? "▲" : arrow === "down" ? "▼" : "▶";
  // Whole phrases, so that each language words a way and its judgement together.
  const rising = arrow === "up";
  const words =
    arrow === "flat"
      ? t`no clear trend`
      : metric.role !== "primary"
        ? rising
          ? t`rising (exploratory)`
          : t`falling (exploratory)`
        : good === null
          ? rising
            ? t`rising`
            : t`falling`
          : good
            ? rising
              ? t`rising (improvement)`
              : t`falling (improvement)`
            : rising
              ? t`rising (decline)`
              : t`falling (decline)`;
  return (
    <span className={`trend ${good === true ? "good" : good === false ? "bad" : "flat"}`}>
      <span className="trend-symbol" aria-hidden="true">
        {symbol}
      </span>{" "}
      {compact ? <span className="sr-only">{words}</span> : words}
    </span>
  );
}

/** A measure's value in the reader's language: "46%", "1.8 s", "420 ms", "3", "2.50". */
export function formatValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  if (unit === "rate" || unit === "%" || unit === "proportion") return formatPercent(value);
  const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (unit === "ms" && value < 1000) {
    const ms = formatNumber(Math.round(value));
    return t`${ms} ms`;
  }
  if (unit === "ms" || unit === "s" || unit === "seconds") {
    const seconds = formatNumber(unit === "ms" ? value / 1000 : value, tenths);
    return t`${seconds} s`;
  }
  const places = Number.isInteger(value) ? 0 : 2;
  return formatNumber(value, { minimumFractionDigits: places, maximumFractionDigits: places });
}

/** Why a part of a page is missing; ``what`` names it, already in the reader's language. */
export function ErrorNote({ error, what }: { error: unknown; what: string }) {
  const { t } = useLingui();
  if (!error) return null;
  const missing = error instanceof ApiError && error.status === 404;
  // An error's message is the server's, in the reader's language already.
  const reason = error instanceof Error ? error.message : null;
  return (
    <p className="muted" role="status">
      {missing
        ? t`${what}: not available yet.`
        : reason !== null
          ? t`${what} could not be loaded: ${reason}`
          : t`${what} could not be loaded.`}
    </p>
  );
}

export function Loading({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <p className="muted" role="status">
      {children ?? t`Loading…`}
    </p>
  );
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.details && typeof error.details === "object") {
      const parts = Object.entries(error.details as Record<string, unknown>).map(
        ([field, problems]) =>
          `${field === "non_field_errors" ? "" : `${field}: `}${
            Array.isArray(problems) ? problems.join(" ") : String(problems)
          }`,
      );
      if (parts.length) return `${error.message} ${joinClauses(parts)}`;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** How a form's save went: the server's refusal, or "Saved." (nothing before the first try). */
export function SaveOutcome({
  save,
  savedTestId,
}: {
  save: { error: unknown; isSuccess: boolean };
  savedTestId?: string;
}) {
  if (save.error) {
    return (
      <p className="form-error" role="alert">
        {errorText(save.error)}
      </p>
    );
  }
  if (!save.isSuccess) return null;
  return (
    <p role="status" data-testid={savedTestId}>
      <Trans>Saved.</Trans>
    </p>
  );
}
