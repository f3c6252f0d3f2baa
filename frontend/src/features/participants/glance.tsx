// The participant list at a glance: the few key metrics, and flags only where the data hold them
// up (a reliable change the metrics inference reports; sessions missed against the weekly plan).

import type { MetricSummary, Participant } from "../../api/types";

/** The measures each participant's row shows, in this order (those they have). */
export const GLANCE_METRICS = ["recall_hit", "optimal_play_rate", "decision_time_median_ms"];

export type Flag = { kind: "decline" | "improvement" | "missed"; text: string };

/** "decline" or "improvement" when the inference says the change is reliable; else null. */
export function reliableChange(metric: MetricSummary): "decline" | "improvement" | null {
  const rci = metric.rci;
  if (!rci?.reliable || metric.direction === "neutral") return null;
  const facts = rci as { baseline?: number; latest?: number; practice_gain?: number | null };
  let change: number | null = null;
  if (typeof facts.baseline === "number" && typeof facts.latest === "number") {
    change = facts.latest - facts.baseline - (facts.practice_gain ?? 0);
  }
  if (change === null || change === 0) {
    // the reading says which, in words ("Reliable decline (RCI ...")
    if (/^Reliable decline/.test(rci.reading)) return "decline";
    if (/^Reliable improvement/.test(rci.reading)) return "improvement";
    return null;
  }
  const better = metric.direction === "higher_better" ? change > 0 : change < 0;
  return better ? "improvement" : "decline";
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
  for (const m of metrics) {
    const change = reliableChange(m);
    if (change) flags.push({ kind: change, text: `reliable ${change}: ${m.label}` });
  }
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
