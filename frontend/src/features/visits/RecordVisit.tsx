// The assessor records one visit: held on a day with the assessment's measures (a code and a
// number each), or missed with a reason from the fixed list. Recording again corrects the
// record and needs a reason.

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { FormEvent } from "react";
import { recordVisit } from "../../api/visits";
import type { VisitListItem, VisitMissedReason, VisitRecord } from "../../api/visits";
import { clinicToday } from "../../ui/dates";
import { errorText } from "../../ui/widgets";
import { MISSED_REASON } from "./words";

interface Measure {
  code: string;
  value: string;
}

function measuresOf(rows: Measure[]): Record<string, number> {
  return Object.fromEntries(
    rows.filter((m) => m.code.trim() !== "").map((m) => [m.code.trim(), Number(m.value)]),
  );
}

export function RecordVisit({ visit, onDone }: { visit: VisitListItem; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const client = useQueryClient();
  const correcting = visit.status === "done" || visit.status === "missed";
  const [held, setHeld] = useState(visit.status !== "missed");
  const [day, setDay] = useState(visit.held_on ?? clinicToday());
  const [measures, setMeasures] = useState<Measure[]>(() => {
    const recorded = Object.entries(visit.measures).map(([code, value]) => ({
      code,
      value: String(value),
    }));
    return recorded.length ? recorded : [{ code: "", value: "" }];
  });
  const [reason, setReason] = useState<VisitMissedReason>(visit.missed_reason ?? "illness");
  const [why, setWhy] = useState("");
  const save = useMutation({
    mutationFn: (body: VisitRecord) => recordVisit(visit.participant, visit.point, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["visits"] });
      onDone();
    },
  });
  const point = visit.label;
  const code = visit.code;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: VisitRecord = held
      ? { status: "done", held_on: day, measures: measuresOf(measures) }
      : { status: "missed", missed_reason: reason };
    if (correcting) body.reason = why;
    save.mutate(body);
  };
  const setMeasure = (i: number, part: Partial<Measure>) =>
    setMeasures((rows) => rows.map((m, j) => (j === i ? { ...m, ...part } : m)));
  return (
    <form
      className="card-panel record-visit"
      onSubmit={submit}
      aria-label={t`Record the ${point} visit of ${code}`}
      data-testid="record-visit"
    >
      <fieldset>
        <legend>
          <Trans>The visit</Trans>
        </legend>
        <label className="inline">
          <input type="radio" name={`${id}-held`} checked={held} onChange={() => setHeld(true)} />{" "}
          <Trans>Held</Trans>
        </label>{" "}
        <label className="inline">
          <input type="radio" name={`${id}-held`} checked={!held} onChange={() => setHeld(false)} />{" "}
          <Trans>Missed</Trans>
        </label>
      </fieldset>
      {held ? (
        <>
          <p>
            <label htmlFor={`${id}-day`}>
              <Trans>Held on</Trans>
            </label>{" "}
            <input
              id={`${id}-day`}
              type="date"
              required
              max={clinicToday()}
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </p>
          <fieldset>
            <legend>
              <Trans>The assessment's measures</Trans>
            </legend>
            {measures.map((m, i) => (
              <p key={i}>
                <label htmlFor={`${id}-code-${i}`}>
                  <Trans>Measure code</Trans>
                </label>{" "}
                <input
                  id={`${id}-code-${i}`}
                  required
                  pattern="[a-z][a-z0-9_]{0,39}"
                  title={t`Lower-case letters, digits and _`}
                  spellCheck={false}
                  value={m.code}
                  onChange={(e) => setMeasure(i, { code: e.target.value })}
                />{" "}
                <label htmlFor={`${id}-value-${i}`}>
                  <Trans>Value</Trans>
                </label>{" "}
                <input
                  id={`${id}-value-${i}`}
                  type="number"
                  step="any"
                  required
                  value={m.value}
                  onChange={(e) => setMeasure(i, { value: e.target.value })}
                />
                {measures.length > 1 && (
                  <button
                    type="button"
                    className="btn secondary small"
                    onClick={() => setMeasures((rows) => rows.filter((_, j) => j !== i))}
                  >
                    <Trans>Remove</Trans>
                  </button>
                )}
              </p>
            ))}
            <button
              type="button"
              className="btn secondary small"
              onClick={() => setMeasures((rows) => [...rows, { code: "", value: "" }])}
            >
              <Trans>Add a measure</Trans>
            </button>
          </fieldset>
        </>
      ) : (
        <p>
          <label htmlFor={`${id}-reason`}>
            <Trans>Why it was missed</Trans>
          </label>{" "}
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value as VisitMissedReason)}
          >
            {(Object.keys(MISSED_REASON) as VisitMissedReason[]).map((code) => (
              <option key={code} value={code}>
                {i18n._(MISSED_REASON[code])}
              </option>
            ))}
          </select>
        </p>
      )}
      {correcting && (
        <p>
          <label htmlFor={`${id}-why`}>
            <Trans>Reason for the correction</Trans>
          </label>{" "}
          <input
            id={`${id}-why`}
            required
            maxLength={500}
            value={why}
            onChange={(e) => setWhy(e.target.value)}
          />
        </p>
      )}
      <p>
        <button type="submit" className="btn" disabled={save.isPending}>
          <Trans>Record the visit</Trans>
        </button>{" "}
        <button type="button" className="btn secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </p>
      {save.isError && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
