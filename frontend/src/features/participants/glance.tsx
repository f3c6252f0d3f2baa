// The participant list at a glance: the few key metrics, and flags only where the data hold them
// up (a planned reading's word at an assessment point; sessions missed against the weekly plan).

import type { MetricSummary, Participant } from "../../api/types";

/** The measures each participant's row shows, in this order (those they have). */
export const GLANCE_METRICS = ["recall_hit", "optimal_play_rate", "decision_time_median_ms"];

export type Flag = { kind: "decline" | "improvement" | "missed"; text: string };

/** The flags a measure's planned readings raise: their words ("reliable decline", "improvement"
 * over training), which the server gives only for a primary measure at an assessment point
 * after correction for every planned reading. Exploratory readings raise none. */
export function changeFlags(metric: Pick<MetricSummary, "words" | "label">): Flag[] {
  return [...new Set(metric.words ?? [])].map((word) => ({
    kind: /decline/.test(word) ? "decline" : "improvement",
    text: `${word}: ${metric.label}`,
  }));
}

type WeekCounts = Pick<Participant, "sessions_per_week_planned" | "sessions_missed_last_week">;

/** Sessions missed last week against the plan, as the server counts them: its weeks begin on
 * Monday in the clinic's time zone, whatever this browser's zone (a count made here would use
 * another week around midnight). Null (no plan, or enrolled since): none. */
export function missedLastWeek(p: WeekCounts): number {
  return p.sessions_missed_last_week ?? 0;
}

export function participantFlags(p: WeekCounts, metrics: MetricSummary[]): Flag[] {
  const flags: Flag[] = [];
  const missed = missedLastWeek(p);
  if (missed > 0) {
    flags.push({
      kind: "missed",
      text: `missed ${missed} of ${p.sessions_per_week_planned} last week`,
    });
  }
  for (const m of metrics) flags.push(...changeFlags(m));
  return flags;
}

export function FlagList({ flags }: { flags: Flag[] }) {
  if (flags.length === 0) return <span className="muted">none</span>;
  return (
    <ul className="flags">
      {flags.map((f) => (
        <li key={f.text} className={`badge flag-${f.kind}`} data-flag={f.kind}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}
