// Erasure, for the study's owners: a dialog that says what goes and what stays, asks why, and
// asks for the participant's code typed out, so that no one erases the wrong participant by a
// slip. The server withdraws the participant and answers what it erased.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { FormEvent } from "react";
import type { Participant } from "../../api/types";
import { eraseParticipant } from "../../api/rights";
import type { Erasure } from "../../api/rights";

/** The server's own words for a refusal (already in the reader's language). */
export function refusalText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const same = (typed: string, code: string) =>
  typed.trim().toUpperCase() === code.trim().toUpperCase();

export function EraseDialog({
  participant,
  onErased,
}: {
  participant: Participant;
  onErased: (outcome: Erasure) => void;
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = participant.code;

  const reset = () => {
    setReason("");
    setTyped("");
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem(t`Say why the participant's data are erased.`);
    if (!same(typed, code)) return setProblem(t`The code typed is not ${code}.`);
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await eraseParticipant(participant.id, reason.trim());
      dialog.current?.close();
      reset();
      // The page shows the participant withdrawn, without the group label.
      void client.invalidateQueries({ queryKey: ["participant"] });
      void client.invalidateQueries({ queryKey: ["participants"] });
      void client.invalidateQueries({ queryKey: ["reminders"] });
      void client.invalidateQueries({ queryKey: ["notes"] });
      onErased(outcome);
    } catch (e) {
      setProblem(refusalText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rights-action">
      <p>
        <Trans>
          Erasure, when the participant asks for it: what need not be kept is deleted and the
          participant is withdrawn. The research record stays.
        </Trans>
      </p>
      <button
        type="button"
        className="btn secondary danger"
        onClick={() => dialog.current?.showModal()}
        data-testid="rights-erase-open"
      >
        <Trans>Erase the participant's data…</Trans>
      </button>
      <dialog
        ref={dialog}
        className="erase-dialog"
        aria-labelledby="erase-title"
        aria-describedby="erase-what"
        onClose={reset}
        data-testid="erase-dialog"
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <h2 id="erase-title">
            <Trans>
              Erase participant <bdi className="participant-code">{code}</bdi>'s data
            </Trans>
          </h2>
          <div id="erase-what">
            <h3>
              <Trans>What will be erased</Trans>
            </h3>
            <ul>
              <li>
                <Trans>the clinical team's notes</Trans>
              </li>
              <li>
                <Trans>the group label</Trans>
              </li>
              <li>
                <Trans>the reminders and the e-mail address they go to</Trans>
              </li>
            </ul>
            <p>
              <Trans>The participant is withdrawn from the study: no new sessions.</Trans>
            </p>
            <h3>
              <Trans>What is kept, and why</Trans>
            </h3>
            <ul>
              <li>
                <Trans>
                  The research records without names (sessions, games, card plays, measures,
                  assessment visits): kept for the research the participant consented to, and never
                  exported again.
                </Trans>
              </li>
              <li>
                <Trans>
                  The consent record and its withdrawal: proof of what was agreed and when it ended.
                </Trans>
              </li>
              <li>
                <Trans>
                  The log of reminders due, without the address: the record of the programme as it
                  was delivered.
                </Trans>
              </li>
              <li>
                <Trans>The audit trail: the record of who did what. It holds no note text.</Trans>
              </li>
            </ul>
          </div>
          <label htmlFor="erase-reason">
            <Trans>Why are the data erased?</Trans>
          </label>
          <textarea
            id="erase-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            aria-required="true"
            maxLength={500}
            rows={3}
            placeholder={t`For example: the participant asked for erasure.`}
            autoFocus
          />
          <label htmlFor="erase-code">
            <Trans>To confirm, type the participant's code ({code})</Trans>
          </label>
          <input
            id="erase-code"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
            aria-required="true"
          />
          {problem && (
            <p className="form-error" role="alert" data-testid="erase-problem">
              {problem}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn secondary" onClick={() => dialog.current?.close()}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="btn primary danger" disabled={busy}>
              {busy ? <Trans>Erasing…</Trans> : <Trans>Erase</Trans>}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
