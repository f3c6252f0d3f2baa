// The reminders a participant chooses: an address, times of day in their own time zone, the
// days of the week, quiet hours when none is sent, and whether they are on. The same form
// serves the participant on their progress page and staff choosing on their behalf.

import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import type { ReminderChoice, ReminderPlan } from "../../api/reminders";
import { currentLanguage } from "../../i18n/i18n";

export const MAX_TIMES = 6;

export interface ReminderDraft {
  email: string;
  time_zone: string;
  times: string[];
  weekdays: number[];
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
  active: boolean;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The form's starting values: the plan as it stands, else a morning reminder every day. */
export function draftOf(plan: ReminderPlan | null | undefined): ReminderDraft {
  return {
    email: plan?.email ?? "",
    time_zone: plan?.time_zone ?? browserTimeZone(),
    times: plan?.times.length ? [...plan.times] : ["09:00"],
    weekdays: plan ? [...plan.weekdays] : [],
    quiet: Boolean(plan?.quiet_start && plan?.quiet_end),
    quiet_start: plan?.quiet_start?.slice(0, 5) ?? "21:00",
    quiet_end: plan?.quiet_end?.slice(0, 5) ?? "08:00",
    active: plan?.active ?? true,
  };
}

/** The request body the draft stands for (times in order, each once). */
export function choiceOf(draft: ReminderDraft): ReminderChoice {
  const times = Array.from(new Set(draft.times.filter(Boolean))).sort();
  return {
    email: draft.email.trim(),
    time_zone: draft.time_zone.trim(),
    times: times as ReminderChoice["times"],
    weekdays: [...draft.weekdays].sort() as ReminderChoice["weekdays"],
    quiet_start: draft.quiet ? draft.quiet_start : null,
    quiet_end: draft.quiet ? draft.quiet_end : null,
    active: draft.active,
  };
}

/** Monday (0) to Sunday (6) in the reader's language. */
export function weekdayNames(style: "long" | "short" = "long"): string[] {
  const format = new Intl.DateTimeFormat(currentLanguage(), { weekday: style, timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

export function ReminderForm({
  initial,
  busy,
  onSave,
  extra,
  saveLabel,
}: {
  initial: ReminderDraft;
  busy: boolean;
  onSave: (draft: ReminderDraft) => void;
  /** Fields of the caller's own (staff say how the participant agreed). */
  extra?: ReactNode;
  saveLabel?: ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const change = (part: Partial<ReminderDraft>) => setDraft((d) => ({ ...d, ...part }));
  const days = weekdayNames();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSave(draft);
  };
  return (
    <form className="reminder-form" onSubmit={submit} data-testid="reminder-form">
      <p>
        <label htmlFor={`${id}-email`}>
          <Trans>E-mail address for the reminders</Trans>
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={draft.email}
          onChange={(e) => change({ email: e.target.value })}
        />
      </p>
      <fieldset>
        <legend>
          <Trans>Times of day</Trans>
        </legend>
        {draft.times.map((time, i) => {
          const number = i + 1;
          return (
            <p key={i} className="reminder-time">
              <label htmlFor={`${id}-time-${i}`} className="sr-only">
                <Trans>Reminder time {number}</Trans>
              </label>
              <input
                id={`${id}-time-${i}`}
                type="time"
                required
                value={time}
                onChange={(e) =>
                  change({ times: draft.times.map((old, j) => (j === i ? e.target.value : old)) })
                }
              />
              {draft.times.length > 1 && (
                <button
                  type="button"
                  className="btn secondary small"
                  aria-label={t`Remove reminder time ${number}`}
                  onClick={() => change({ times: draft.times.filter((_, j) => j !== i) })}
                >
                  <Trans>Remove</Trans>
                </button>
              )}
            </p>
          );
        })}
        {draft.times.length < MAX_TIMES && (
          <button
            type="button"
            className="btn secondary small"
            onClick={() => change({ times: [...draft.times, "18:00"] })}
          >
            <Trans>Add a time</Trans>
          </button>
        )}
      </fieldset>
      <p>
        <label htmlFor={`${id}-zone`}>
          <Trans>Time zone (the times above are in it)</Trans>
        </label>
        <input
          id={`${id}-zone`}
          required
          value={draft.time_zone}
          spellCheck={false}
          onChange={(e) => change({ time_zone: e.target.value })}
        />
      </p>
      <fieldset>
        <legend>
          <Trans>Days (none ticked: every day)</Trans>
        </legend>
        {days.map((name, day) => (
          <label key={day} className="inline">
            <input
              type="checkbox"
              checked={draft.weekdays.includes(day)}
              onChange={(e) =>
                change({
                  weekdays: e.target.checked
                    ? [...draft.weekdays, day]
                    : draft.weekdays.filter((d) => d !== day),
                })
              }
            />{" "}
            {name}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Quiet hours</Trans>
        </legend>
        <label className="inline">
          <input
            type="checkbox"
            checked={draft.quiet}
            onChange={(e) => change({ quiet: e.target.checked })}
          />{" "}
          <Trans>Send nothing in these hours</Trans>
        </label>
        {draft.quiet && (
          <p>
            <label htmlFor={`${id}-quiet-start`}>
              <Trans>From</Trans>
            </label>{" "}
            <input
              id={`${id}-quiet-start`}
              type="time"
              required
              value={draft.quiet_start}
              onChange={(e) => change({ quiet_start: e.target.value })}
            />{" "}
            <label htmlFor={`${id}-quiet-end`}>
              <Trans>until</Trans>
            </label>{" "}
            <input
              id={`${id}-quiet-end`}
              type="time"
              required
              value={draft.quiet_end}
              onChange={(e) => change({ quiet_end: e.target.value })}
            />
          </p>
        )}
      </fieldset>
      <p>
        <label className="inline">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => change({ active: e.target.checked })}
          />{" "}
          <Trans>Send these reminders</Trans>
        </label>
      </p>
      {extra}
      <button type="submit" className="btn" disabled={busy}>
        {saveLabel ?? <Trans>Save the reminders</Trans>}
      </button>
    </form>
  );
}
