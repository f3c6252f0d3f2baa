// The server's answer to an erasure, in plain words: what it erased, and what it keeps and why
// (the kept list is the server's own text).

import { Plural, Trans } from "@lingui/react/macro";
import type { RefObject } from "react";
import type { Erasure } from "../../api/rights";
import { formatDate } from "../../ui/widgets";

export function ErasureOutcome({
  outcome,
  headingRef,
}: {
  outcome: Erasure;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { erased } = outcome;
  const code = outcome.participant;
  const when = formatDate(outcome.erased_at, true);
  const notes = erased.clinician_notes;
  const plans = erased.reminder_address;
  return (
    <div className="erasure-outcome" data-testid="erasure-outcome" role="status">
      <h3 ref={headingRef} tabIndex={-1}>
        <Trans>
          Participant <bdi className="participant-code">{code}</bdi>'s data were erased on {when}.
        </Trans>
      </h3>
      <p>
        <Trans>Erased:</Trans>
      </p>
      <ul data-testid="erasure-erased">
        <li>
          {notes === 0 ? (
            <Trans>no notes of the clinical team to delete</Trans>
          ) : (
            <Plural
              value={notes}
              one="# note of the clinical team deleted"
              other="# notes of the clinical team deleted"
            />
          )}
        </li>
        <li>
          {erased.group ? (
            <Trans>the group label cleared</Trans>
          ) : (
            <Trans>no group label to clear</Trans>
          )}
        </li>
        <li>
          {plans === 0 ? (
            <Trans>no reminders or e-mail address held</Trans>
          ) : (
            <Trans>the reminders and their e-mail address deleted</Trans>
          )}
        </li>
        <li>
          {erased.withdrawn_now ? (
            <Trans>the participant withdrawn from the study now</Trans>
          ) : (
            <Trans>the participant was already withdrawn</Trans>
          )}
        </li>
      </ul>
      <p>
        <Trans>Kept, and why:</Trans>
      </p>
      <ul data-testid="erasure-kept">
        {outcome.kept.map((item) => (
          <li key={item.what}>
            <strong>{item.what}</strong>: {item.why}
          </li>
        ))}
      </ul>
    </div>
  );
}
