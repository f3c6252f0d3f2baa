// The clinical team's notes on the participant: read, and add one.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { rows } from "../../api/client";
import { ErrorNote, errorText, formatDate } from "../../ui/widgets";
import { addNote, listNotes } from "../../api/participants";

export function Notes({ participantId }: { participantId: number }) {
  const client = useQueryClient();
  const notes = useQuery({
    queryKey: ["notes", participantId],
    queryFn: () => listNotes(participantId),
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
  return (
    <>
      <h2>Notes</h2>
      <p className="muted">For the clinical team only; never part of research exports.</p>
      <ErrorNote error={notes.error} what="Notes" />
      {!notes.error && (
        <form
          className="note-form"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (text.trim()) add.mutate();
          }}
        >
          <label htmlFor="note-text">New note</label>
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
            Add note
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
