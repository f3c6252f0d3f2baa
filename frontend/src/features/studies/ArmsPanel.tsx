// A study's arms: shown once the study is open; before that, the form that opens it with its
// arms, eligibility criteria and design (the allocation is drawn then, once).

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import type { Study } from "../../api/types";
import { formatNumber } from "../../i18n/format";
import { errorText, formatDate } from "../../ui/widgets";
import { openStudy } from "../../api/studies";

interface ArmDraft {
  name: string;
  control: boolean;
  weight: number;
}

const FIRST_ARMS: ArmDraft[] = [
  { name: "training", control: false, weight: 1 },
  { name: "control", control: true, weight: 1 },
];

export function ArmsPanel({ study, canOpen }: { study: Study; canOpen: boolean }) {
  const { t } = useLingui();
  const openedOn = formatDate(study.opened_at);
  const share = (weight: number) => {
    const n = formatNumber(weight);
    return t`share ${n}`;
  };
  if (study.opened_at) {
    return (
      <section className="card-panel" aria-labelledby="arms-title" data-testid="study-arms">
        <h2 id="arms-title">
          <Trans>Arms</Trans>
        </h2>
        <p>
          <Trans>Opened {openedOn}</Trans> ·{" "}
          {study.design_open ? t`open label` : t`concealed from those who recruit`}
        </p>
        <ul>
          {study.arms.map((arm) => (
            <li key={arm.name}>
              <strong>{arm.name}</strong>
              {arm.control && ` ${t`(control)`}`} · {share(arm.weight)}
            </li>
          ))}
        </ul>
        {study.eligibility_criteria.length > 0 && (
          <>
            <h3>
              <Trans>Eligibility</Trans>
            </h3>
            <ul>
              {study.eligibility_criteria.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </>
        )}
      </section>
    );
  }
  if (!canOpen)
    return (
      <p className="muted" data-testid="study-arms">
        <Trans>This study has no arms yet.</Trans>
      </p>
    );
  return <OpenStudyForm study={study} />;
}

function OpenStudyForm({ study }: { study: Study }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [arms, setArms] = useState<ArmDraft[]>(FIRST_ARMS);
  const [criteria, setCriteria] = useState("");
  const [designOpen, setDesignOpen] = useState(false);
  const open = useMutation({
    mutationFn: () =>
      openStudy(study.id, {
        arms: arms.map((a) => ({ ...a, name: a.name.trim(), weight: Number(a.weight) })),
        eligibility_criteria: criteria
          .split("\n")
          .map((c) => c.trim())
          .filter(Boolean),
        design_open: designOpen,
      }),
    onSuccess: (opened) => client.setQueryData(["study", String(study.id)], opened),
  });
  const change = (i: number, part: Partial<ArmDraft>) =>
    setArms(arms.map((a, j) => (j === i ? { ...a, ...part } : a)));
  return (
    <details className="card-panel" data-testid="study-arms">
      <summary>
        <Trans>Arms: open the study with arms</Trans>
      </summary>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          open.mutate();
        }}
      >
        <p className="hint">
          <Trans>
            Opening draws the concealed allocation list once: the arms cannot be changed afterwards.
          </Trans>
        </p>
        <fieldset>
          <legend>
            <Trans>Arms (2 to 6)</Trans>
          </legend>
          {arms.map((arm, i) => {
            const number = i + 1;
            return (
              <div className="row-actions arm-row" key={i}>
                <label htmlFor={`arm-name-${i}`}>{t`Arm ${number} name`}</label>
                <input
                  id={`arm-name-${i}`}
                  value={arm.name}
                  onChange={(e) => change(i, { name: e.target.value })}
                  required
                  maxLength={50}
                />
                <label htmlFor={`arm-weight-${i}`}>
                  <Trans>share</Trans>
                </label>
                <input
                  id={`arm-weight-${i}`}
                  type="number"
                  min={1}
                  max={10}
                  value={arm.weight}
                  onChange={(e) => change(i, { weight: Number(e.target.value) })}
                />
                <input
                  id={`arm-control-${i}`}
                  type="checkbox"
                  checked={arm.control}
                  onChange={(e) => change(i, { control: e.target.checked })}
                />
                <label htmlFor={`arm-control-${i}`}>
                  <Trans>control</Trans>
                </label>
                {arms.length > 2 && (
                  <button
                    type="button"
                    className="btn link small"
                    onClick={() => setArms(arms.filter((_, j) => j !== i))}
                  >
                    {t`Remove arm ${number}`}
                  </button>
                )}
              </div>
            );
          })}
          {arms.length < 6 && (
            <button
              type="button"
              className="btn secondary small"
              onClick={() => setArms([...arms, { name: "", control: false, weight: 1 }])}
            >
              <Trans>Add an arm</Trans>
            </button>
          )}
        </fieldset>
        <label htmlFor="eligibility">
          <Trans>Eligibility criteria, one a line (may be empty)</Trans>
        </label>
        <textarea
          id="eligibility"
          rows={3}
          value={criteria}
          onChange={(e) => setCriteria(e.target.value)}
        />
        <div className="check">
          <input
            id="design-open"
            type="checkbox"
            checked={designOpen}
            onChange={(e) => setDesignOpen(e.target.checked)}
          />
          <label htmlFor="design-open">
            <Trans>Open label (the clinical team sees each arm)</Trans>
          </label>
        </div>
        {open.error && (
          <p className="form-error" role="alert">
            {errorText(open.error)}
          </p>
        )}
        <button type="submit" className="btn primary" disabled={open.isPending}>
          <Trans>Open the study with these arms</Trans>
        </button>
      </form>
    </details>
  );
}
