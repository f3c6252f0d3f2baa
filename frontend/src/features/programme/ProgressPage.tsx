// The participant's own page, opened from the link their clinical team gave them: this week's
// sessions against the plan and the weeks in a row they kept to it. Plain words, no scores.
// The page speaks the participant's language, the one the server wrote the sentences in.

import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { formatNumber } from "../../i18n/format";
import { useReaderLanguage } from "../../i18n/LanguageProvider";
import { errorText } from "../../ui/widgets";
import { getProgress } from "../../api/programme";

/** `children`: what App.tsx adds below the progress (the participant's reminders). */
export function ProgressPage({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const { token = "" } = useParams();
  const progress = useQuery({ queryKey: ["progress", token], queryFn: () => getProgress(token) });
  const p = progress.data;
  useReaderLanguage(p?.language);
  const done = p ? formatNumber(p.sessions_done) : null;
  const code = p?.code;
  const planned = p?.sessions_planned ?? 0;
  const streak = p?.streak_weeks ?? 0;
  return (
    <main className="progress-page" aria-labelledby="progress-title">
      <h1 id="progress-title">
        <Trans>Your training</Trans>
      </h1>
      {progress.isLoading && (
        <p>
          <Trans>Loading…</Trans>
        </p>
      )}
      {progress.error && (
        <p className="form-error" role="alert">
          {errorText(progress.error)}
        </p>
      )}
      {p && done !== null && (
        <>
          {p.sessions_planned > 0 && (
            <div
              role="img"
              className="progress-count"
              data-testid="progress-count"
              aria-label={t({
                message: plural(planned, {
                  one: `${done} of # session this week`,
                  other: `${done} of # sessions this week`,
                }),
              })}
            >
              {Array.from({ length: Math.max(p.sessions_planned, p.sessions_done) }, (_, i) => (
                <span key={i} className={i < p.sessions_done ? "dot done" : "dot"} />
              ))}
            </div>
          )}
          <div data-testid="progress-words">
            {p.words.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          {p.streak_weeks > 0 && (
            <p className="streak" data-testid="progress-streak">
              <Plural value={streak} one="# week in a row" other="# weeks in a row" />
            </p>
          )}
          <p className="muted small">
            <Trans>Code {code}</Trans>
          </p>
          {children}
        </>
      )}
    </main>
  );
}
