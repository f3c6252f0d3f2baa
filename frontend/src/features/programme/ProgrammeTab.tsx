// A study's programme: the dose its owners prescribe (sessions a week, minutes a session, weeks
// and booster windows). Every participant's dose ledger counts against it.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useParams } from "react-router";
import { ErrorNote, Loading, errorText } from "../../ui/widgets";
import { getFlow, getStudyProgramme, setStudyProgramme } from "../../api/programme";
import type { Flow, Programme } from "../../api/programme";

const EMPTY: Programme = { sessions_per_week: 3, minutes_per_session: 20, weeks: 12, boosters: [] };

export function ProgrammeTab() {
  const { id = "" } = useParams();
  const current = useQuery({
    queryKey: ["programme", id],
    queryFn: () => getStudyProgramme(Number(id)),
  });
  if (current.isLoading) return <Loading />;
  if (current.error) return <ErrorNote error={current.error} what="The programme" />;
  return (
    <>
      <ProgrammeForm studyId={Number(id)} start={current.data?.programme ?? EMPTY} />
      <FlowPanel studyId={Number(id)} />
    </>
  );
}

const REASON_WORDS: Record<string, string> = {
  illness: "illness",
  away: "away",
  technical: "technical problem",
  no_time: "no time",
  not_wanted: "did not want to train",
  unreachable: "could not be reached",
  other: "other",
  no_reason_recorded: "no reason recorded",
};

/** The CONSORT-style flow: enrolled, allocated, received, lost or withdrawn, analysed. */
function FlowPanel({ studyId }: { studyId: number }) {
  const flow = useQuery({ queryKey: ["flow", studyId], queryFn: () => getFlow(studyId) });
  if (flow.isLoading) return <Loading />;
  if (!flow.data) return <ErrorNote error={flow.error} what="The study's flow" />;
  const f: Flow = flow.data;
  const n = f.not_allocated;
  return (
    <section className="card-panel" aria-labelledby="flow-title" data-testid="flow">
      <h2 id="flow-title">Flow and adherence</h2>
      <p data-testid="flow-enrolled">
        Enrolled {f.enrolled}; not allocated {f.enrolled - f.allocated} (no consent {n.no_consent},
        withdrew before allocation {n.withdrew_before_allocation}, awaiting allocation{" "}
        {n.awaiting_allocation}); allocated {f.allocated}.
      </p>
      {f.arms.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Arm</th>
                <th scope="col">Allocated</th>
                <th scope="col">Received training</th>
                <th scope="col">Withdrew</th>
                <th scope="col">Lost to follow-up</th>
                <th scope="col">Analysed</th>
                <th scope="col">Sessions held / prescribed</th>
              </tr>
            </thead>
            <tbody>
              {f.arms.map((a) => (
                <tr key={a.arm} data-testid={`flow-arm-${a.arm}`}>
                  <th scope="row">{a.arm === "all" ? "all arms" : a.arm}</th>
                  <td>{a.allocated}</td>
                  <td>{a.received}</td>
                  <td>{a.withdrew}</td>
                  <td>
                    {a.lost}
                    {a.lost > 0 &&
                      ` (${Object.entries(a.lost_reasons)
                        .map(([reason, count]) => `${REASON_WORDS[reason] ?? reason}: ${count}`)
                        .join(", ")})`}
                  </td>
                  <td>{a.analysed}</td>
                  <td>
                    {a.delivered} / {a.prescribed}
                    {a.adherence !== null && ` (${Math.round(a.adherence * 100)}%)`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted small">
        Lost to follow-up: still consenting, no session held for {f.lost_after_weeks} weeks.
        Analysed: still consenting (the participants an export holds).
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
      <h2 id="programme-title">Prescribed dose</h2>
      <p className="muted">
        Weeks count from each participant&apos;s start (allocation, else consent). The dose ledger
        on each participant&apos;s page counts what was held against this.
      </p>
      <div className="form-row">
        <div>
          <label htmlFor="dose-sessions">Sessions a week</label>
          <input
            id="dose-sessions"
            type="number"
            min={1}
            max={14}
            {...number("sessions_per_week")}
          />
        </div>
        <div>
          <label htmlFor="dose-minutes">Minutes a session</label>
          <input
            id="dose-minutes"
            type="number"
            min={5}
            max={180}
            {...number("minutes_per_session")}
          />
        </div>
        <div>
          <label htmlFor="dose-weeks">Weeks</label>
          <input id="dose-weeks" type="number" min={1} max={104} {...number("weeks")} />
        </div>
      </div>
      <label className="check-inline">
        <input
          type="checkbox"
          checked={Boolean(booster)}
          onChange={(e) => setBooster(e.target.checked)}
        />
        A booster window after the programme
      </label>
      {booster && (
        <div className="form-row">
          <div>
            <label htmlFor="booster-start">Booster from week</label>
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
            <label htmlFor="booster-weeks">Booster weeks</label>
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
            <label htmlFor="booster-sessions">Booster sessions a week</label>
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
      {save.error && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" data-testid="programme-saved">
          Saved.
        </p>
      )}
      <button type="submit" className="btn primary" disabled={save.isPending}>
        Save the prescription
      </button>
    </form>
  );
}
