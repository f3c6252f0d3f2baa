// The participant list at a glance: the few key metrics, and flags only where the data hold them
// up (a planned reading's word at an assessment point; sessions missed against the weekly plan).

import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { Plural, Trans } from "@lingui/react/macro";
import type { MetricSummary, Participant } from "../../api/types";
import { formatNumber } from "../../i18n/format";
import { formatValue } from "../../ui/widgets";

/** The measures each participant's row shows, in this order (those they have). */
export const GLANCE_METRICS = ["recall_hit", "optimal_play_rate", "decision_time_median_ms"];

export type Flag = { kind: "decline" | "improvement" | "missed"; text: string };

/** The flags a measure's planned readings raise: their words ("reliable decline", "improvement"
 * over training), which the server gives only for a primary measure at an assessment point
 * after correction for every planned reading. Exploratory readings raise none. */
export function changeFlags(metric: Pick<MetricSummary, "words" | "label">): Flag[] {
  return [...new Set(metric.words ?? [])].map((word) => {
    const flag = flagWords(word);
    const label = metric.label;
    return { kind: /decline/.test(word) ? "decline" : "improvement", text: t`${flag}: ${label}` };
  });
}

// The server's flag words are codes (English); each is said in the reader's language.
const FLAG_WORDS: Record<string, MessageDescriptor> = {
  "reliable improvement": msg`reliable improvement`,
  "reliable decline": msg`reliable decline`,
  improvement: msg`improvement`,
  decline: msg`decline`,
};

/** A flag word from the server, in the reader's language (an unknown one as it came). */
export function flagWords(word: string): string {
  const words = FLAG_WORDS[word];
  return words ? i18n._(words) : word;
}

type WeekCounts = Pick<
  Participant,
  "sessions_per_week_planned" | "sessions_planned_last_week" | "sessions_missed_last_week"
>;

/** Sessions missed last week against its plan, as the server counts them: in the participant's
 * own programme weeks (from their start, midnight in the clinic's time zone, whatever this
 * browser's zone), as the dose ledger does. Null (no plan, or week 1 not over): none. */
export function missedLastWeek(p: WeekCounts): number {
  return p.sessions_missed_last_week ?? 0;
}

/** "2 of 3 planned sessions": the sessions held this week against the weekly plan (none after
 * a programme and between its boosters). */
export function WeekAgainstPlan({ held, planned }: { held: number; planned: number | null }) {
  if (planned === null || planned === 0) {
    return <Plural value={held} one="# session, none planned" other="# sessions, none planned" />;
  }
  const thisWeek = formatNumber(held);
  return (
    <Trans>
      {thisWeek} of <Plural value={planned} one="# planned session" other="# planned sessions" />
    </Trans>
  );
}

export function participantFlags(p: WeekCounts, metrics: MetricSummary[]): Flag[] {
  const flags: Flag[] = [];
  const missed = missedLastWeek(p);
  if (missed > 0) {
    const count = formatNumber(missed);
    // Last week's plan: a prescription changed this week counts from this week on.
    const planned = formatNumber(p.sessions_planned_last_week ?? 0);
    flags.push({ kind: "missed", text: t`missed ${count} of ${planned} last week` });
  }
  for (const m of metrics) flags.push(...changeFlags(m));
  return flags;
}

export function FlagList({ flags }: { flags: Flag[] }) {
  if (flags.length === 0)
    return (
      <span className="muted">
        <Trans>none</Trans>
      </span>
    );
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

/** The latest value with the observations and the session it rests on. */
export function LatestValue({ metric }: { metric: MetricSummary }) {
  if (metric.latest === null) return <span className="muted">–</span>;
  const n = formatNumber(metric.latest_n ?? 0);
  const session = formatNumber(metric.latest_session ?? 0);
  return (
    <>
      {formatValue(metric.latest, metric.unit)}{" "}
      <span className="muted">
        <Trans>
          (n = {n}, session {session})
        </Trans>
      </span>
    </>
  );
}
