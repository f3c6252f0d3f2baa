// The studies a researcher runs, and a new one.

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { Link } from "react-router";
import { rows } from "../../api/client";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { createStudy, listStudies } from "../../api/studies";

export function StudiesPage() {
  const { t } = useLingui();
  const client = useQueryClient();
  const studies = useQuery({
    queryKey: ["studies"],
    queryFn: listStudies,
  });
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: () => createStudy({ name, description }),
    onSuccess: () => {
      setName("");
      setDescription("");
      void client.invalidateQueries({ queryKey: ["studies"] });
    },
  });
  return (
    <section aria-labelledby="studies-title">
      <h1 id="studies-title">
        <Trans>Studies</Trans>
      </h1>
      {studies.isLoading && <Loading />}
      <ErrorNote error={studies.error} what={t`Studies`} />
      <ul className="study-list">
        {rows(studies.data).map((s) => (
          <li key={s.id} className="card-panel">
            <h2>
              <Link to={`/studies/${s.id}`}>{s.name}</Link>
            </h2>
            <p>
              {s.description || (
                <span className="muted">
                  <Trans>No description.</Trans>
                </span>
              )}
            </p>
            <div className="muted">
              <Created on={s.created_at} />
            </div>
          </li>
        ))}
      </ul>
      {/* Once the list above it is in: the list's arrival would push the form down, and a
          click aimed at its fields would land on a study. */}
      {!studies.isLoading && (
        <form
          className="card-panel"
          aria-labelledby="new-study"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <h2 id="new-study">
            <Trans>New study</Trans>
          </h2>
          <label htmlFor="study-name">
            <Trans>Name</Trans>
          </label>
          <input id="study-name" value={name} onChange={(e) => setName(e.target.value)} required />
          <label htmlFor="study-desc">
            <Trans>Description</Trans>
          </label>
          <textarea
            id="study-desc"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
          />
          {create.error && (
            <p className="form-error" role="alert">
              {errorText(create.error)}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={!name || create.isPending}>
            <Trans>Create study</Trans>
          </button>
        </form>
      )}
    </section>
  );
}

function Created({ on }: { on: string }) {
  const created = formatDate(on);
  return <Trans>Created {created}</Trans>;
}
