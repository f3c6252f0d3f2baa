// What a study declares it will claim: its primary measures, its assessment points and its retest
// protocol. Declared before the first session is completed, fixed after it.

import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useParams } from "react-router";
import type { Study } from "../../api/types";
import { ErrorNote, Loading, errorText } from "../../ui/widgets";
import { getCatalogue } from "../../api/sessions";
import { type ClaimsWrite, setClaims } from "../../api/studies";
import { POINT_KINDS, pointKindWords } from "./pointKinds";
import { useStudy } from "./useStudy";

type Point = ClaimsWrite["assessment_points"][number];

export function ClaimsTab() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const study = useStudy(id);
  if (study.isLoading) return <Loading />;
  if (!study.data) return <ErrorNote error={study.error} what={t`The study's claims`} />;
  return <Claims study={study.data} />;
}

function Claims({ study }: { study: Study }) {
  const { t } = useLingui();
  const days = study.retest_interval_days;
  const [editing, setEditing] = useState(false);
  const catalogue = useQuery({
    queryKey: ["catalogue"],
    queryFn: getCatalogue,
    staleTime: Infinity,
  });
  const labels = Object.fromEntries(
    (catalogue.data?.metrics ?? []).map((m) => [m.key, m.label] as const),
  );
  return (
    <div data-testid="claims-tab">
      <p className="muted">
        <Trans>
          A study reads its primary measures only at its assessment points, after correction for
          every planned reading; every other reading is exploratory. Declare them before the first
          session is completed: they are fixed after it.
        </Trans>
      </p>
      <h2>
        <Trans>Primary measures</Trans>
      </h2>
      {study.primary_metrics.length ? (
        <ul data-testid="primary-metrics">
          {study.primary_metrics.map((key) => (
            <li key={key}>{labels[key] ?? key}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          <Trans>None declared: every reading is exploratory.</Trans>
        </p>
      )}
      <h2>
        <Trans>Assessment points</Trans>
      </h2>
      {study.assessment_points.length ? (
        <ol data-testid="assessment-points">
          {study.assessment_points.map((p) => (
            <li key={p.id}>
              {pointKindWords(p.kind)}
              {p.label && ` (${p.label})`}: {p.when}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">
          <Trans>None declared.</Trans>
        </p>
      )}
      <h2>
        <Trans>Retest protocol</Trans>
      </h2>
      <p data-testid="retest">
        {days
          ? t`Each participant's baseline session and the next, ${days} days apart with no session between, measure test-retest reliability.`
          : t`None: a reliable change needs a norms row with a retest reliability.`}
      </p>
      {editing ? (
        <ClaimsForm study={study} onDone={() => setEditing(false)} />
      ) : (
        <button type="button" className="btn secondary" onClick={() => setEditing(true)}>
          <Trans>Declare the claims</Trans>
        </button>
      )}
    </div>
  );
}

function ClaimsForm({ study, onDone }: { study: Study; onDone: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const catalogue = useQuery({
    queryKey: ["catalogue"],
    queryFn: getCatalogue,
    staleTime: Infinity,
  });
  const [primary, setPrimary] = useState<string[]>(study.primary_metrics);
  const [points, setPoints] = useState<Point[]>(
    study.assessment_points.length
      ? study.assessment_points.map((p) => ({
          kind: p.kind,
          label: p.label,
          session: p.session ?? undefined,
          window_start_days: p.window_start_days ?? undefined,
          window_end_days: p.window_end_days ?? undefined,
        }))
      : [
          { kind: "baseline", label: "", session: 1 },
          { kind: "post_training", label: "", session: 24 },
        ],
  );
  const [retest, setRetest] = useState(String(study.retest_interval_days ?? ""));
  const save = useMutation({
    mutationFn: () =>
      setClaims(study.id, {
        primary_metrics: primary as ClaimsWrite["primary_metrics"],
        assessment_points: points,
        retest_interval_days: retest === "" ? null : Number(retest),
      }),
    onSuccess: (data) => {
      client.setQueryData(["study", String(study.id)], data);
      onDone();
    },
  });
  const change = (i: number, over: Partial<Point>) =>
    setPoints(points.map((p, k) => (k === i ? { ...p, ...over } : p)));
  return (
    <form
      className="card-panel"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset>
        <legend>
          <Trans>Primary measures</Trans>
        </legend>
        {(catalogue.data?.metrics ?? [])
          .filter((m) => m.claimable)
          .map((m) => (
            <label key={m.key} className="check">
              <input
                type="checkbox"
                checked={primary.includes(m.key)}
                onChange={(e) =>
                  setPrimary(
                    e.target.checked ? [...primary, m.key] : primary.filter((k) => k !== m.key),
                  )
                }
              />{" "}
              {m.label}
            </label>
          ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Assessment points, in time order (the baseline first)</Trans>
        </legend>
        {points.map((p, i) => {
          const byWindow = p.session === undefined;
          return (
            <div key={i} className="point-row" data-testid={`point-${i}`}>
              <label>
                <Trans>Kind</Trans>{" "}
                <select
                  value={p.kind}
                  onChange={(e) => change(i, { kind: e.target.value as Point["kind"] })}
                >
                  {Object.entries(POINT_KINDS).map(([kind, words]) => (
                    <option key={kind} value={kind}>
                      {i18n._(words)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <Trans>Label</Trans>{" "}
                <input value={p.label} onChange={(e) => change(i, { label: e.target.value })} />
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={byWindow}
                  onChange={(e) =>
                    change(
                      i,
                      e.target.checked
                        ? { session: undefined, window_start_days: 0, window_end_days: 7 }
                        : { session: 1, window_start_days: undefined, window_end_days: undefined },
                    )
                  }
                />{" "}
                <Trans>a window of days</Trans>
              </label>
              {byWindow ? (
                <>
                  <label>
                    <Trans>From day</Trans>{" "}
                    <input
                      type="number"
                      min={0}
                      value={p.window_start_days ?? 0}
                      onChange={(e) => change(i, { window_start_days: Number(e.target.value) })}
                    />
                  </label>
                  <label>
                    <Trans>to day</Trans>{" "}
                    <input
                      type="number"
                      min={0}
                      value={p.window_end_days ?? 0}
                      onChange={(e) => change(i, { window_end_days: Number(e.target.value) })}
                    />
                  </label>
                </>
              ) : (
                <label>
                  <Trans>Session</Trans>{" "}
                  <input
                    type="number"
                    min={1}
                    value={p.session ?? 1}
                    onChange={(e) => change(i, { session: Number(e.target.value) })}
                  />
                </label>
              )}
              <button
                type="button"
                className="btn secondary"
                onClick={() => setPoints(points.filter((_, k) => k !== i))}
              >
                <Trans>Remove</Trans>
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="btn secondary"
          onClick={() => setPoints([...points, { kind: "follow_up", label: "", session: 1 }])}
        >
          <Trans>Add a follow-up</Trans>
        </button>
      </fieldset>
      <label htmlFor="retest-days">
        <Trans>Retest protocol: days between the baseline and its retest</Trans>
      </label>
      <input
        id="retest-days"
        type="number"
        min={1}
        max={90}
        value={retest}
        placeholder={t`none`}
        onChange={(e) => setRetest(e.target.value)}
      />
      {save.error && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={save.isPending}>
        <Trans>Save the claims</Trans>
      </button>
      <button type="button" className="btn secondary" onClick={onDone}>
        <Trans>Cancel</Trans>
      </button>
    </form>
  );
}
