// A study's cohort: per measure and game, what the consented participants score, whether the
// study's retest protocol gives a reliability a reliable change may use, and at each assessment
// point the control arm's practice gain and the spread of its own reliable-change indices (about
// 1 when the error model fits; well above 1: the readings overstate change).

import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { CohortMetric } from "../../api/types";
import { formatNumber, joinParts } from "../../i18n/format";
import { ErrorNote, Loading, formatValue } from "../../ui/widgets";
import { getCohort } from "../../api/studies";
import { pointKindWords } from "./pointKinds";

export function CohortTab() {
  const { t } = useLingui();
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
      <ErrorNote error={cohort.error} what={t`The cohort view`} />
      {cohort.data && metrics.length === 0 && (
        <p className="muted">
          <Trans>No values yet.</Trans>
        </p>
      )}
      {metrics.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="cohort-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Measure</Trans>
                </th>
                <th scope="col">
                  <Trans>Latest values (consented)</Trans>
                </th>
                <th scope="col">
                  <Trans>Retest reliability</Trans>
                </th>
                <th scope="col">
                  <Trans>Control arm at each point</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {metrics.map((m) => (
                <tr key={`${m.key}-${m.game}`} data-metric={`${m.key}-${m.game}`}>
                  <th scope="row">
                    {m.label} <span className="muted">({m.game})</span>
                    {m.primary && (
                      <span className="badge">
                        <Trans>primary</Trans>
                      </span>
                    )}
                  </th>
                  <td>{valuesWords(m)}</td>
                  <td data-testid="retest">
                    <Retest metric={m} />
                  </td>
                  <td>
                    {m.assessment_points.length === 0 ? (
                      <span className="muted">
                        <Trans>no assessment points</Trans>
                      </span>
                    ) : (
                      m.assessment_points.map((p) => (
                        <div key={p.point}>
                          {p.label || pointKindWords(p.kind)} ({p.when}):{" "}
                          {controlsWords(p.control_n)}
                          {p.practice_gain !== null &&
                            `, ${practiceWords(p.practice_gain, p.practice_sd, m.unit)}`}
                          {p.control_rci_sd !== null
                            ? `, ${rciWords(p)}`
                            : `, ${t`too few RCIs for their SD`}`}
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

export function valuesWords(m: Pick<CohortMetric, "n" | "mean" | "sd" | "unit">): string {
  const n = formatNumber(m.n);
  const words = [t`n = ${n}`];
  const mean = formatValue(m.mean, m.unit);
  const sd = formatValue(m.sd, m.unit);
  if (m.mean !== null) words.push(t`mean ${mean}`);
  if (m.sd !== null) words.push(t`SD ${sd}`);
  return joinParts(words);
}

/** The control arm's mean change, signed (a proportion's in points, not a percentage), with
 * the SD of the changes it averages when there are two or more. */
export function practiceWords(gain: number, sd: number | null, unit: string): string {
  const value = changeValue(gain, unit);
  if (sd === null) return t`practice ${value}`;
  const spread = changeValue(sd, unit, false);
  return t`practice ${value} (SD ${spread})`;
}

function changeValue(value: number, unit: string, signed = true): string {
  const sign = signed ? { signDisplay: "exceptZero" as const } : {};
  if (unit === "proportion" || unit === "rate" || unit === "%") {
    const points = formatNumber(Math.round(value * 100), sign);
    return t`${points} points`;
  }
  const shown = formatValue(Math.abs(value), unit);
  if (!signed || value === 0) return shown;
  return `${value > 0 ? "+" : "−"}${shown}`;
}

function controlsWords(count: number): string {
  return plural(count, { one: "# control", other: "# controls" });
}

/** The SD of the controls' own RCIs with its 95% interval: from a few RCIs it cannot tell
 * whether the error model fits (about 1) or not. */
export function rciWords(p: CohortMetric["assessment_points"][number]): string {
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const spread = formatNumber(p.control_rci_sd ?? 0, two);
  const count = formatNumber(p.control_rci_n);
  if (p.control_rci_sd_low === null || p.control_rci_sd_high === null)
    return t`SD of their RCIs ${spread} (n = ${count})`;
  const low = formatNumber(p.control_rci_sd_low, two);
  const high = formatNumber(p.control_rci_sd_high, two);
  return t`SD of their RCIs ${spread} (95% CI ${low} to ${high}; n = ${count})`;
}

function Retest({ metric }: { metric: CohortMetric }) {
  const { t } = useLingui();
  const r = metric.retest;
  if (!r.declared)
    return (
      <span className="muted">
        <Trans>no retest protocol</Trans>
      </span>
    );
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const pairs = r.pairs;
  const people = plural(pairs, { one: "# person", other: "# people" });
  let icc = people;
  if (r.icc !== null && r.icc_low !== null && r.icc_high !== null) {
    const value = formatNumber(r.icc, two);
    const low = formatNumber(r.icc_low, two);
    const high = formatNumber(r.icc_high, two);
    icc = t`ICC ${value} (95% CI ${low} to ${high}), ${people}`;
  }
  return (
    <>
      {icc}: {r.passes ? t`passes the gate` : r.missing}
    </>
  );
}
