// A study's cohort: per measure and game, what the consented participants score, whether the
// study's retest protocol gives a reliability a reliable change may use, and at each assessment
// point the control arm's practice gain and the spread of its own reliable-change indices (about
// 1 when the error model fits; well above 1: the readings overstate change).

import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { CohortMetric } from "../../api/types";
import { ErrorNote, Loading, formatValue } from "../../ui/widgets";
import { getCohort } from "../../api/studies";

export function CohortTab() {
  const { id = "" } = useParams();
  const cohort = useQuery({
    queryKey: ["cohort", id],
    queryFn: () => getCohort(id),
    retry: false,
  });
  const metrics = cohort.data?.metrics ?? [];
  return (
    <div>
      {cohort.isLoading && <Loading />}
      <ErrorNote error={cohort.error} what="The cohort view" />
      {cohort.data && metrics.length === 0 && <p className="muted">No values yet.</p>}
      {metrics.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="cohort-table">
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col">Latest values (consented)</th>
                <th scope="col">Retest reliability</th>
                <th scope="col">Control arm at each point</th>
              </tr>
            </thead>
            <tbody>
              {metrics.map((m) => (
                <tr key={`${m.key}-${m.game}`} data-metric={`${m.key}-${m.game}`}>
                  <th scope="row">
                    {m.label} <span className="muted">({m.game})</span>
                    {m.primary && <span className="badge">primary</span>}
                  </th>
                  <td>
                    n = {m.n}
                    {m.mean !== null && `, mean ${formatValue(m.mean, m.unit)}`}
                    {m.sd !== null && `, SD ${formatValue(m.sd, m.unit)}`}
                  </td>
                  <td data-testid="retest">
                    <Retest metric={m} />
                  </td>
                  <td>
                    {m.assessment_points.length === 0 ? (
                      <span className="muted">no assessment points</span>
                    ) : (
                      m.assessment_points.map((p) => (
                        <div key={p.point}>
                          {p.label || p.kind} ({p.when}): {p.control_n} controls
                          {p.practice_gain !== null &&
                            `, practice ${formatValue(p.practice_gain, m.unit)}`}
                          {p.control_rci_sd !== null
                            ? `, SD of their RCIs ${p.control_rci_sd.toFixed(2)} (n = ${p.control_rci_n})`
                            : ", too few RCIs for their SD"}
                        </div>
                      ))
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Retest({ metric }: { metric: CohortMetric }) {
  const r = metric.retest;
  if (!r.declared) return <span className="muted">no retest protocol</span>;
  const icc =
    r.icc !== null && r.icc_low !== null && r.icc_high !== null
      ? `ICC ${r.icc.toFixed(2)} (95% CI ${r.icc_low.toFixed(2)} to ${r.icc_high.toFixed(2)}), ${r.pairs} people`
      : `${r.pairs} people`;
  return (
    <>
      {icc}: {r.passes ? "passes the gate" : r.missing}
    </>
  );
}
