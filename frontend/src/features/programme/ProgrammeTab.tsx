// A study's programme: the dose its owners prescribe (sessions a week, minutes a session, weeks
// and booster windows). Every participant's dose ledger counts against it.

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useParams } from "react-router";
import { formatList, formatNumber, formatPercent } from "../../i18n/format";
import { ErrorNote, Loading, SaveOutcome } from "../../ui/widgets";
import { getFlow, getStudyProgramme, setStudyProgramme } from "../../api/programme";
import type { Flow, Programme } from "../../api/programme";

const EMPTY: Programme = { sessions_per_week: 3, minutes_per_session: 20, weeks: 12, boosters: [] };

export function ProgrammeTab() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const current = useQuery({
    queryKey: ["programme", id],
    queryFn: () => getStudyProgramme(Number(id)),
  });
  if (current.isLoading) return <Loading />;
  if (current.error) return <ErrorNote error={current.error} what={t`The programme`} />;
  return (
    <>
      <ProgrammeForm studyId={Number(id)} start={current.data?.programme ?? EMPTY} />
      <FlowPanel studyId={Number(id)} />
    </>
  );
}

const REASON_WORDS: Record<string, MessageDescriptor> = {
  illness: msg`illness`,
  away: msg`away`,
  technical: msg`technical problem`,
  no_time: msg`no time`,
  not_wanted: msg`did not want to train`,
  unreachable: msg`could not be reached`,
  other: msg`other`,
  no_reason_recorded: msg`no reason recorded`,
};

// Why an assessment visit was missed (the assessor's reasons, not a missed week's).
const VISIT_REASON_WORDS: Record<string, MessageDescriptor> = {
  illness: msg`illness`,
  away: msg`away`,
  declined: msg`declined the visit`,
  unreachable: msg`could not be reached`,
  withdrew: msg`withdrew from the study`,
  died: msg`died`,
  other: msg`other`,
  "": msg`no reason recorded`,
};

/** The CONSORT-style flow: enrolled, allocated, received, lost or withdrawn, assessed at each
 * assessment point, analysed. */
function FlowPanel({ studyId }: { studyId: number }) {
  const { t, i18n } = useLingui();
  const flow = useQuery({ queryKey: ["flow", studyId], queryFn: () => getFlow(studyId) });
  if (flow.isLoading) return <Loading />;
  if (!flow.data) return <ErrorNote error={flow.error} what={t`The study's flow`} />;
  const f: Flow = flow.data;
  const n = f.not_allocated;
  const enrolled = formatNumber(f.enrolled);
  const notAllocated = formatNumber(f.enrolled - f.allocated);
  const noConsent = formatNumber(n.no_consent);
  const withdrew = formatNumber(n.withdrew_before_allocation);
  const awaiting = formatNumber(n.awaiting_allocation);
  const allocated = formatNumber(f.allocated);
  const lostAfter = f.lost_after_weeks;
  // Every arm counts the study's assessment points, the same ones in the same order.
  const points = f.arms[0]?.assessed ?? [];
  const reasons = (counted: Record<string, number>, said = REASON_WORDS) =>
    formatList(
      Object.entries(counted).map(([reason, count]) => {
        const words = said[reason] ? i18n._(said[reason]) : reason;
        const times = formatNumber(count);
        return t`${words}: ${times}`;
      }),
      "unit",
    );
  return (
    <section className="card-panel" aria-labelledby="flow-title" data-testid="flow">
      <h2 id="flow-title">
        <Trans>Flow and adherence</Trans>
      </h2>
      <p data-testid="flow-enrolled">
        <Trans>
          Enrolled {enrolled}; not allocated {notAllocated} (no consent {noConsent}, withdrew before
          allocation {withdrew}, awaiting allocation {awaiting}); allocated {allocated}.
        </Trans>
      </p>
      {f.arms.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Arm</Trans>
                </th>
                <th scope="col">
                  <Trans>Allocated</Trans>
                </th>
                <th scope="col">
                  <Trans>Received training</Trans>
                </th>
                <th scope="col">
                  <Trans>Withdrew</Trans>
                </th>
                <th scope="col">
                  <Trans>Lost to follow-up</Trans>
                </th>
                <th scope="col">
                  <Trans>Analysed</Trans>
                </th>
                <th scope="col">
                  <Trans>Sessions held / prescribed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {f.arms.map((a) => (
                <tr key={a.arm} data-testid={`flow-arm-${a.arm}`}>
                  <th scope="row">{a.arm === "all" ? t`all arms` : a.arm}</th>
                  <td>{formatNumber(a.allocated)}</td>
                  <td>{formatNumber(a.received)}</td>
                  <td>{formatNumber(a.withdrew)}</td>
                  <td>
                    {formatNumber(a.lost)}
                    {a.lost > 0 && ` (${reasons(a.lost_reasons)})`}
                  </td>
                  <td>{formatNumber(a.analysed)}</td>
                  <td>
                    {formatNumber(a.delivered)} / {formatNumber(a.prescribed)}
                    {a.adherence !== null && ` (${formatPercent(a.adherence)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {points.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="flow-assessed">
            <caption>
              <Trans>Assessed at each point</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Arm</Trans>
                </th>
                {points.map((point) => (
                  <th scope="col" key={point.point}>
                    {point.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {f.arms.map((a) => (
                <tr key={a.arm} data-testid={`flow-assessed-${a.arm}`}>
                  <th scope="row">{a.arm === "all" ? t`all arms` : a.arm}</th>
                  {a.assessed.map((point) => {
                    const assessed = formatNumber(point.assessed);
                    const missed = formatNumber(point.missed);
                    return (
                      <td key={point.point}>
                        <Trans>assessed {assessed}</Trans>
                        {point.missed > 0 && (
                          <>
                            {"; "}
                            <Trans>missed {missed}</Trans>
                            {` (${reasons(point.missed_reasons, VISIT_REASON_WORDS)})`}
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted small">
        <Trans>
          Lost to follow-up: still consenting, no session held for{" "}
          <Plural value={lostAfter} one="# week" other="# weeks" />. Analysed: still consenting (the
          participants an export holds).
        </Trans>
        {points.length > 0 && (
          <>
            {" "}
            <Trans>
              Assessed: the visits the blinded assessors recorded as held at the point; missed:
              those recorded as missed, with the reason.
            </Trans>
          </>
        )}
      </p>
    </section>
  );
}

function ProgrammeForm({ studyId, start }: { studyId: number; start: Programme }) {
  const client = useQueryClient();
  const [dose, setDose] = useState<Programme>(start);
  const booster = dose.boosters?.[0];
  const save = useMutation({
    mutationFn: () => setStudyProgramme(studyId, dose),
    onSuccess: (data) => client.setQueryData(["programme", String(studyId)], { programme: data }),
  });
  const number = (key: "sessions_per_week" | "minutes_per_session" | "weeks") => ({
    value: dose[key],
    onChange: (e: { target: { value: string } }) =>
      setDose({ ...dose, [key]: Number(e.target.value) }),
  });
  const setBooster = (on: boolean) =>
    setDose({
      ...dose,
      boosters: on ? [{ start_week: dose.weeks + 12, weeks: 2, sessions_per_week: 2 }] : [],
    });
  return (
    <form
      className="card-panel"
      aria-labelledby="programme-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="programme-title">
        <Trans>Prescribed dose</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Weeks count from each participant&apos;s start (allocation, else consent). The dose ledger
          on each participant&apos;s page counts what was held against this.
        </Trans>
      </p>
      <div className="form-row">
        <div>
          <label htmlFor="dose-sessions">
            <Trans>Sessions a week</Trans>
          </label>
          <input
            id="dose-sessions"
            type="number"
            min={1}
            max={14}
            {...number("sessions_per_week")}
          />
        </div>
        <div>
          <label htmlFor="dose-minutes">
            <Trans>Minutes a session</Trans>
          </label>
          <input
            id="dose-minutes"
            type="number"
            min={5}
            max={180}
            {...number("minutes_per_session")}
          />
        </div>
        <div>
          <label htmlFor="dose-weeks">
            <Trans>Weeks</Trans>
          </label>
          <input id="dose-weeks" type="number" min={1} max={104} {...number("weeks")} />
        </div>
      </div>
      <label className="check-inline">
        <input
          type="checkbox"
          checked={Boolean(booster)}
          onChange={(e) => setBooster(e.target.checked)}
        />
        <Trans>A booster window after the programme</Trans>
      </label>
      {booster && (
        <div className="form-row">
          <div>
            <label htmlFor="booster-start">
              <Trans>Booster from week</Trans>
            </label>
            <input
              id="booster-start"
              type="number"
              min={dose.weeks + 1}
              value={booster.start_week}
              onChange={(e) =>
                setDose({
                  ...dose,
                  boosters: [{ ...booster, start_week: Number(e.target.value) }],
                })
              }
            />
          </div>
          <div>
            <label htmlFor="booster-weeks">
              <Trans>Booster weeks</Trans>
            </label>
            <input
              id="booster-weeks"
              type="number"
              min={1}
              max={12}
              value={booster.weeks}
              onChange={(e) =>
                setDose({ ...dose, boosters: [{ ...booster, weeks: Number(e.target.value) }] })
              }
            />
          </div>
          <div>
            <label htmlFor="booster-sessions">
              <Trans>Booster sessions a week</Trans>
            </label>
            <input
              id="booster-sessions"
              type="number"
              min={1}
              max={14}
              value={booster.sessions_per_week}
              onChange={(e) =>
                setDose({
                  ...dose,
                  boosters: [{ ...booster, sessions_per_week: Number(e.target.value) }],
                })
              }
            />
          </div>
        </div>
      )}
      <SaveOutcome save={save} savedTestId="programme-saved" />
      <button type="submit" className="btn primary" disabled={save.isPending}>
        <Trans>Save the prescription</Trans>
      </button>
    </form>
  );
}
