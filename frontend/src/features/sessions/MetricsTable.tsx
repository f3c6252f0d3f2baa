// A session's or a game's metrics, labelled from the server's catalogue in the reader's language.

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { SessionAnalysis } from "../../api/types";
import { formatValue } from "../../ui/widgets";
import { getCatalogue } from "../../api/sessions";

// Until the metrics' catalogue (in the reader's language, from the server) has come.
const METRIC_LABELS: Record<string, [MessageDescriptor, string]> = {
  recall_hit: [msg`'Stragedy hit rate`, "proportion"],
  recall_position_error: [msg`'Stragedy position error`, "slots"],
  optimal_play_rate: [msg`Optimal plays`, "proportion"],
  decision_time_median_ms: [msg`Median decision time`, "ms"],
  examination_time_used: [msg`Examination time used`, "proportion"],
};

function useCatalogue() {
  return useQuery({
    queryKey: ["catalogue"],
    queryFn: getCatalogue,
    staleTime: Infinity,
    retry: false,
  });
}

export function MetricsTable({
  caption,
  values,
  testId,
}: {
  caption: string;
  values: Record<string, number | null>;
  testId?: string;
}) {
  const { i18n } = useLingui();
  const catalogue = useCatalogue().data?.metrics ?? [];
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  const describe = (key: string): [string, string] => {
    const known = catalogue.find((m) => m.key === key);
    if (known) return [known.label, known.unit];
    const fallback = METRIC_LABELS[key];
    return fallback ? [i18n._(fallback[0]), fallback[1]] : [key, ""];
  };
  return (
    <table className="data-table metrics-table" data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {entries.map(([key, value]) => {
          const [label, unit] = describe(key);
          return (
            <tr key={key} data-metric={key}>
              <th scope="row">{label}</th>
              <td>{formatValue(value, unit)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Whether every game's metrics are in: until then the page asks again. */
export function hasMetrics(data: SessionAnalysis | undefined): boolean {
  return (
    !!data &&
    data.games.length > 0 &&
    data.games.every((g) => Object.keys(g.metrics ?? {}).length > 0)
  );
}
