// The clinical team's notes on the participant: read, and add one.

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { ApiError, rows } from "../../api/client";
import { ErrorNote, errorText, formatDate } from "../../ui/widgets";
import { addNote, listNotes } from "../../api/participants";
import type { Me } from "../../api/types";

/** The participant's clinical team as the API rules it (admins and the assigned clinicians):
 * only they ask for the notes, so no one else's page makes a request bound to be refused. */
export function onClinicalTeam(me: Me | null | undefined, clinicians: number[]): boolean {
  if (!me) return false;
  return me.role === "admin" || (me.role === "clinician" && clinicians.includes(me.id));
}

export function Notes({ participantId, onTeam }: { participantId: number; onTeam: boolean }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const notes = useQuery({
    queryKey: ["notes", participantId],
    queryFn: () => listNotes(participantId),
    enabled: onTeam,
    retry: false,
  });
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: () => addNote(participantId, text),
    onSuccess: () => {
      setText("");
      void client.invalidateQueries({ queryKey: ["notes", participantId] });
    },
  });
  // A study's owner who is not on the participant's clinical team: no notes, and no failure.
  const notOnTeam = !onTeam || (notes.error instanceof ApiError && notes.error.status === 403);
  return (
    <>
      <h2>
        <Trans>Notes</Trans>
      </h2>
      <p className="muted">
        <Trans>For the clinical team only; never part of research exports.</Trans>
      </p>
      {notOnTeam ? (
        <p className="muted" data-testid="notes-team-only">
          <Trans>Only the participant's clinical team reads and writes these notes.</Trans>
        </p>
      ) : (
        <ErrorNote error={notes.error} what={t`Notes`} />
      )}
      {!notOnTeam && !notes.error && (
        <form
          className="note-form"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (text.trim()) add.mutate();
          }}
        >
          <label htmlFor="note-text">
            <Trans>New note</Trans>
          </label>
          <textarea
            id="note-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
          />
          {add.error && (
            <p className="form-error" role="alert">
              {errorText(add.error)}
            </p>
          )}
          <button type="submit" className="btn secondary" disabled={!text.trim() || add.isPending}>
            <Trans>Add note</Trans>
          </button>
        </form>
      )}
      <ul className="notes">
        {rows(notes.data).map((n) => (
          <li key={n.id}>
            <div className="muted">
              {n.author_name} · {formatDate(n.created_at, true)}
            </div>
            <p>{n.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
