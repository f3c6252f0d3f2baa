import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { formatNumber } from "../../../i18n/format";

/** Seconds left, counted down on this device from the server's figure (``secondsLeft`` as of
 * when ``key`` last changed or the figure was received). */
export function useCountdown(secondsLeft: number | null, key: string | null): number | null {
  const deadline = useRef<number | null>(null);
  const [left, setLeft] = useState<number | null>(secondsLeft);
  // A new figure (or a new hand) shows at once, set while rendering; the interval counts on.
  const [counting, setCounting] = useState({ secondsLeft, key });
  if (counting.secondsLeft !== secondsLeft || counting.key !== key) {
    setCounting({ secondsLeft, key });
    setLeft(secondsLeft);
  }
  useEffect(() => {
    if (secondsLeft === null) {
      deadline.current = null;
      return;
    }
    deadline.current = performance.now() + secondsLeft * 1000;
    const timer = window.setInterval(() => {
      if (deadline.current === null) return;
      const remaining = Math.max(0, (deadline.current - performance.now()) / 1000);
      setLeft(remaining);
    }, 200);
    return () => window.clearInterval(timer);
  }, [secondsLeft, key]);
  return left;
}

/** Whether the seconds counted down from the server's figure have run out (``key`` as for
 * :func:`useCountdown`): one timer at the deadline, so a large screen that only needs to know
 * when time is up is not drawn again at every tick of the countdown. */
export function useTimeUp(secondsLeft: number | null, key: string | null): boolean {
  const ranOut = secondsLeft !== null && secondsLeft <= 0;
  const [up, setUp] = useState(ranOut);
  const [counting, setCounting] = useState({ secondsLeft, key });
  if (counting.secondsLeft !== secondsLeft || counting.key !== key) {
    setCounting({ secondsLeft, key });
    setUp(ranOut);
  }
  useEffect(() => {
    if (secondsLeft === null || secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setUp(true), secondsLeft * 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, key]);
  return up;
}

/** A countdown that ticks by itself (its parent is drawn again only when its figures change). */
export function RunningCountdown({
  secondsLeft,
  clockKey,
  planned,
  label,
}: {
  secondsLeft: number;
  clockKey: string | null;
  planned: number;
  label: string;
}) {
  const left = useCountdown(secondsLeft, clockKey);
  return left === null ? null : <Countdown left={left} planned={planned} label={label} />;
}

export function Countdown({
  left,
  planned,
  label,
}: {
  left: number;
  planned: number;
  label: string;
}) {
  const whole = Math.ceil(left);
  const fraction = planned > 0 ? Math.max(0, Math.min(1, left / planned)) : 0;
  const low = left <= 5;
  const { t } = useLingui();
  return (
    <div className={`countdown ${low ? "low" : ""}`}>
      <div
        className="countdown-text"
        role="timer"
        aria-label={plural(whole, {
          one: `# second left ${label}`,
          other: `# seconds left ${label}`,
        })}
      >
        <span className="countdown-number" data-testid="countdown">
          {formatNumber(whole)}
        </span>
        <span className="countdown-unit">
          {plural(whole, { one: "second left", other: "seconds left" })}
        </span>
      </div>
      <div
        className="countdown-bar"
        role="progressbar"
        aria-label={t`Time left ${label}`}
        aria-valuemin={0}
        aria-valuemax={planned}
        aria-valuenow={Math.round(left)}
      >
        <div className="countdown-fill" style={{ transform: `scaleX(${fraction})` }} />
      </div>
    </div>
  );
}
