// Before the practice game: what it is, the rules with pictures, and a button to begin. No clock
// runs while the rules are read (the examination waits for the device's Start).

import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Rules } from "./Rules";
import type { TrumpRule } from "./Rules";
import "./practice.css";

export function PracticeIntro({
  game,
  examinationSeconds,
  trumpRule,
  onBegin,
}: {
  game: "memulation" | "mendikot";
  examinationSeconds?: number;
  trumpRule?: TrumpRule;
  onBegin: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { t } = useLingui();
  return (
    <section
      className="practice-intro"
      aria-labelledby="practice-title"
      data-testid="practice-intro"
    >
      <h2 id="practice-title" ref={heading} tabIndex={-1}>
        {game === "mendikot"
          ? t`Practice round: how to play Mendikot`
          : t`Practice round: how to play Memulation`}
      </h2>
      <p className="practice-note">
        <Trans>
          First a practice game, to learn how it goes. <strong>It does not count</strong>: take your
          time, and ask if anything is unclear. Here are the rules, step by step.
        </Trans>
      </p>
      <Rules game={game} examinationSeconds={examinationSeconds} trumpRule={trumpRule} />
      <div className="practice-actions">
        <button
          type="button"
          className="btn primary big"
          onClick={onBegin}
          data-testid="practice-begin"
        >
          <Trans>Start the practice game</Trans>
        </button>
      </div>
    </section>
  );
}

export function PracticeBanner() {
  return (
    <p className="practice-banner" data-testid="practice-banner">
      <Trans>Practice round: this game does not count.</Trans>
    </p>
  );
}

/** The practice game's one ending: it is over, it did not count, the real game is next. */
export function PracticeDone({ onBack }: { onBack?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="practice-done"
      aria-labelledby="practice-done-title"
      data-testid="practice-done"
    >
      <h2 id="practice-done-title" ref={heading} tabIndex={-1}>
        <Trans>The practice round is over</Trans>
      </h2>
      <p>
        <Trans>Well done. That game did not count.</Trans>
      </p>
      {onBack ? (
        <button
          type="button"
          className="btn primary big"
          onClick={onBack}
          data-testid="practice-back"
        >
          <Trans>Back to the session: the real game comes next</Trans>
        </button>
      ) : (
        <p>
          <Trans>
            <strong>Please give the device back</strong> to the person running the session: they
            will start the real game.
          </Trans>
        </p>
      )}
    </section>
  );
}

/** Whether this device has already gone past the practice game's rules (kept per game). */
export function rulesSeen(gameId: number): boolean {
  try {
    return window.sessionStorage.getItem(`practice-rules-${gameId}`) === "seen";
  } catch {
    return false;
  }
}

export function markRulesSeen(gameId: number): void {
  try {
    window.sessionStorage.setItem(`practice-rules-${gameId}`, "seen");
  } catch {
    // storage refused (private mode): the rules show again after a reload, which is harmless
  }
}
