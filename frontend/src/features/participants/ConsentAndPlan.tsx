// The participant's consent (recorded with its date and form version) and their own weekly plan.

import { Trans } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { clinicToday } from "../../ui/dates";
import type { FormEvent } from "react";
import type { Participant } from "../../api/types";
import { errorText, formatDate } from "../../ui/widgets";
import { recordConsent, setWeeklyPlan } from "../../api/participants";

/** The participant's weekly plan: their own, else the prescribed dose, else the study's newest
 * protocol's (the participant's progress page counts against the same plan). */
export function WeeklyPlan({ participant: p }: { participant: Participant }) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(p.sessions_per_week ?? ""));
  const [reason, setReason] = useState("");
  const save = useMutation({
    mutationFn: () => setWeeklyPlan(p.id, value === "" ? null : Number(value), reason),
    onSuccess: (data) => {
      client.setQueryData(["participant", String(p.id)], data);
      void client.invalidateQueries({ queryKey: ["participants"] });
    },
  });
  return (
    <form
      className="plan-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor="plan">
        <Trans>Sessions a week planned</Trans>
      </label>
      <input
        id="plan"
        type="number"
        min={1}
        max={14}
        value={value}
        placeholder={
          // What applies without one: none after a programme, which the input cannot hold.
          p.sessions_per_week === null && p.sessions_per_week_planned
            ? String(p.sessions_per_week_planned)
            : ""
        }
        onChange={(e) => setValue(e.target.value)}
      />
      <span className="muted">
        {" "}
        {p.sessions_per_week === null ? (
          <Trans>
            until one is set, the prescribed dose applies, else the study's protocol plan
          </Trans>
        ) : (
          <Trans>this participant's own plan</Trans>
        )}
      </span>
      <label htmlFor="plan-reason">
        <Trans>Reason for the change</Trans>
      </label>
      <input id="plan-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
      {save.error && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <button type="submit" className="btn secondary" disabled={save.isPending}>
        <Trans>Save the plan</Trans>
      </button>
    </form>
  );
}

export function ConsentPanel({ participant: p }: { participant: Participant }) {
  const client = useQueryClient();
  const [date, setDate] = useState(() => clinicToday());
  const [version, setVersion] = useState("");
  const consent = useMutation({
    mutationFn: () => recordConsent(p.id, date, version),
    onSuccess: (data) => {
      client.setQueryData(["participant", String(p.id)], data);
      void client.invalidateQueries({ queryKey: ["participants"] });
    },
  });
  const withdrawnOn = formatDate(p.consent_withdrawn_at);
  const consentedOn = formatDate(p.consent_date);
  const formVersion = p.consent_form_version;
  return (
    <div className="card-panel" data-testid="consent-panel">
      <h2>
        <Trans>Consent</Trans>
      </h2>
      {p.consent_withdrawn_at ? (
        <p>
          <Trans>
            <span className="badge warn">withdrawn</span> on {withdrawnOn}. No new sessions.
          </Trans>
        </p>
      ) : p.has_consent ? (
        <p data-testid="consent-status">
          <Trans>
            Consent recorded on {consentedOn} (form {formVersion}).
          </Trans>
        </p>
      ) : (
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            consent.mutate();
          }}
        >
          <p className="muted">
            <Trans>No consent recorded yet. Record the signed form to start sessions.</Trans>
          </p>
          <label htmlFor="consent-date">
            <Trans>Date signed</Trans>
          </label>
          <input
            id="consent-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
          />
          <label htmlFor="consent-version">
            <Trans>Consent form version</Trans>
          </label>
          <input
            id="consent-version"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            required
          />
          {consent.error && (
            <p className="form-error" role="alert">
              {errorText(consent.error)}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={consent.isPending}>
            <Trans>Record consent</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
