// A study's visits, for its owners: which blinded assessors hold its visits, and when each
// assessment point's visit may be held (a window of days from enrolment or allocation).

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useParams } from "react-router";
import {
  getAssessors,
  getVisitWindows,
  listAssessorAccounts,
  setAssessors,
  setVisitWindows,
} from "../../api/visits";
import type { PointWindow, VisitWindowChoice } from "../../api/visits";
import { ErrorNote, Loading, SaveOutcome } from "../../ui/widgets";
import { ANCHOR } from "./words";

export function VisitSettings() {
  const { id = "" } = useParams();
  const study = Number(id);
  return (
    <section aria-labelledby="visit-settings-title">
      <h2 id="visit-settings-title">
        <Trans>Assessment visits</Trans>
      </h2>
      <Assessors study={study} />
      <Windows study={study} />
    </section>
  );
}

function Assessors({ study }: { study: number }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const placed = useQuery({
    queryKey: ["study-assessors", study],
    queryFn: () => getAssessors(study),
  });
  // The accounts with the assessor role (the staff list is open to researchers and admins).
  const accounts = useQuery({
    queryKey: ["staff", "assessor"],
    queryFn: listAssessorAccounts,
    retry: false,
  });
  const [chosen, setChosen] = useState<number[] | null>(null);
  const save = useMutation({
    mutationFn: (ids: number[]) => setAssessors(study, ids),
    onSuccess: (data) => {
      client.setQueryData(["study-assessors", study], data);
      setChosen(null);
    },
  });
  if (placed.isLoading) return <Loading />;
  if (!placed.data) return <ErrorNote error={placed.error} what={t`The assessors`} />;
  const current = chosen ?? placed.data.map((a) => a.id);
  const people = new Map(placed.data.map((a) => [a.id, a.name]));
  for (const account of accounts.data ?? []) people.set(account.id, account.name);
  const toggle = (uid: number, on: boolean) =>
    setChosen(on ? [...current, uid] : current.filter((x) => x !== uid));
  return (
    <form
      className="card-panel"
      aria-labelledby="assessors-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate(current);
      }}
    >
      <h3 id="assessors-title">
        <Trans>Blinded assessors</Trans>
      </h3>
      <p className="muted">
        <Trans>
          An assessor sees the participants by code and their visits only: no arm, no training
          results, no notes.
        </Trans>
      </p>
      {people.size === 0 ? (
        <p className="muted">
          <Trans>No account has the assessor role yet.</Trans>
        </p>
      ) : (
        <ul className="plain" data-testid="assessor-choices">
          {[...people].map(([uid, name]) => (
            <li key={uid}>
              <label>
                <input
                  type="checkbox"
                  checked={current.includes(uid)}
                  onChange={(e) => toggle(uid, e.target.checked)}
                />{" "}
                {name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn" disabled={save.isPending || chosen === null}>
        <Trans>Save the assessors</Trans>
      </button>
      <SaveOutcome save={save} />
    </form>
  );
}

type Draft = Record<number, VisitWindowChoice>;

function draftOf(points: PointWindow[]): Draft {
  return Object.fromEntries(
    points.map((p) => [
      p.point,
      {
        point: p.point,
        anchor: p.anchor ?? "enrolment",
        opens_day: p.opens_day ?? 0,
        closes_day: p.closes_day ?? 7,
      },
    ]),
  );
}

function Windows({ study }: { study: number }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const windows = useQuery({
    queryKey: ["visit-windows", study],
    queryFn: () => getVisitWindows(study),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useMutation({
    mutationFn: (rows: VisitWindowChoice[]) => setVisitWindows(study, rows),
    onSuccess: (data) => {
      client.setQueryData(["visit-windows", study], data);
      setDraft(null);
    },
  });
  if (windows.isLoading) return <Loading />;
  if (!windows.data) return <ErrorNote error={windows.error} what={t`The visit windows`} />;
  const points = windows.data;
  const current = draft ?? draftOf(points);
  const change = (point: number, part: Partial<VisitWindowChoice>) =>
    setDraft({ ...current, [point]: { ...current[point], ...part } });
  return (
    <form
      className="card-panel"
      aria-labelledby="windows-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate(Object.values(current));
      }}
    >
      <h3 id="windows-title">
        <Trans>Visit windows</Trans>
      </h3>
      {points.length === 0 ? (
        <p className="muted">
          <Trans>The study declares no assessment points.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" data-testid="visit-windows">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Assessment</Trans>
                </th>
                <th scope="col">
                  <Trans>Counted from</Trans>
                </th>
                <th scope="col">
                  <Trans>Opens on day</Trans>
                </th>
                <th scope="col">
                  <Trans>Closes on day</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => {
                const row = current[p.point];
                const point = p.label;
                return (
                  <tr key={p.point}>
                    <th scope="row">
                      {p.label}
                      {p.default && !draft && (
                        <span className="muted">
                          {" "}
                          <Trans>(its own window of days)</Trans>
                        </span>
                      )}
                      {p.anchor === null && !draft && (
                        <span className="muted">
                          {" "}
                          <Trans>(no window yet)</Trans>
                        </span>
                      )}
                    </th>
                    <td>
                      <select
                        aria-label={t`${point}: counted from`}
                        value={row.anchor}
                        onChange={(e) =>
                          change(p.point, {
                            anchor: e.target.value as VisitWindowChoice["anchor"],
                          })
                        }
                      >
                        {(["enrolment", "allocation"] as const).map((anchor) => (
                          <option key={anchor} value={anchor}>
                            {i18n._(ANCHOR[anchor])}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="number"
                        min={0}
                        max={3650}
                        required
                        aria-label={t`${point}: opens on day`}
                        value={row.opens_day}
                        onChange={(e) => change(p.point, { opens_day: Number(e.target.value) })}
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        min={0}
                        max={3650}
                        required
                        aria-label={t`${point}: closes on day`}
                        value={row.closes_day}
                        onChange={(e) => change(p.point, { closes_day: Number(e.target.value) })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {points.length > 0 && (
        <button type="submit" className="btn" disabled={save.isPending}>
          <Trans>Save the windows</Trans>
        </button>
      )}
      <SaveOutcome save={save} />
    </form>
  );
}
