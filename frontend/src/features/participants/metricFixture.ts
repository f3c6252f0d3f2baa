// A measure as the summary endpoint gives it, for the participant pages' tests.
/* eslint-disable lingui/no-unlocalized-strings -- the server's words, for the tests; no page shows them */

import type { MetricSummary } from "../../api/types";

export function metricFixture(over: Partial<MetricSummary> = {}): MetricSummary {
  return {
    key: "recall_hit",
    game: "memulation",
    label: "'Stragedy hit rate",
    unit: "proportion",
    direction: "higher_better",
    role: "exploratory",
    latest: 0.4,
    latest_n: 12,
    latest_session: 3,
    min_trials: 10,
    counted: 3,
    series: [0.7, 0.6, 0.4].map((value, i) => ({
      session: i + 1,
      session_id: 100 + i,
      date: null,
      value,
      n: 12,
      counted: true,
    })),
    trend: null,
    assessments: [],
    z: null,
    withheld: null,
    words: [],
    reading: "Exploratory. No trend yet: 3 of the 5 sessions a trend needs have 10 or more.",
    ...over,
  };
}
