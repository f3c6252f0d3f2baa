// The examination of one hand: a visible countdown, the cards face up, sorting by drag, by tap
// (tap a card, then tap where it should go) or by keyboard (select, then arrow keys), and
// "I'm ready" to end early.

import { useEffect, useRef, useState } from "react";
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { KeyboardEvent, PointerEvent } from "react";
import { CardButton, rovingKeys } from "../../../game/Card";
import { RunningCountdown, useTimeUp } from "../table/Countdown";
import { cardName, moveCard, sortHand } from "../../../game/cards";
import { focusInView, useRovingTabStop } from "../table/roving";

export interface ExaminationProps {
  hand: "A" | "B";
  deal: number;
  cards: string[];
  wild: string | null;
  /** The server's seconds left for this hand, counted down here; ``clockKey`` names the hand. */
  secondsLeft: number | null;
  clockKey: string | null;
  planned: number;
  ready: boolean;
  pending: boolean;
  onSort: (order: string[]) => void;
  onReady: () => void;
}

export function Examination({
  hand,
  deal,
  cards,
  wild,
  secondsLeft,
  clockKey,
  planned,
  ready,
  pending,
  onSort,
  onReady,
}: ExaminationProps) {
  const { t } = useLingui();
  const [selected, setSelected] = useState<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const drag = useRef<{ index: number; x: number; y: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const [status, setStatus] = useState("");
  const timeUp = useTimeUp(secondsLeft, clockKey);
  const count = cards.length;
  const group = useRef<HTMLDivElement>(null);
  useRovingTabStop(group);
  // After Start (its button is gone) the keyboard carries on in the hand on show.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const first = group.current?.querySelector<HTMLButtonElement>("button");
    if (first) focusInView(first);
  }, [hand]);

  const move = (from: number, to: number) => {
    if (from === to) return;
    const order = moveCard(cards, from, to);
    const card = cardName(cards[from]);
    const place = to + 1;
    setStatus(t`${card} moved to place ${place}.`);
    onSort(order);
  };

  const tap = (index: number) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    if (selected === null) {
      setSelected(index);
      const card = cardName(cards[index]);
      setStatus(t`${card} picked up. Choose where it should go.`);
    } else if (selected === index) {
      setSelected(null);
      setStatus(t`Put back.`);
    } else {
      move(selected, index);
      setSelected(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (selected !== null && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      // The hand runs right to left in a right-to-left language: the arrow follows the eye.
      const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
      const back = (event.key === "ArrowLeft") !== rtl;
      const to = back ? selected - 1 : selected + 1;
      if (to < 0 || to >= cards.length) return;
      move(selected, to);
      setSelected(to);
      // React clears the event's currentTarget once the handler returns: keep the row.
      const row = event.currentTarget;
      window.requestAnimationFrame(() => {
        row.querySelectorAll<HTMLButtonElement>("button")[to]?.focus();
      });
      return;
    }
    if (event.key === "Escape") {
      setSelected(null);
      return;
    }
    rovingKeys(event);
  };

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    drag.current = { index, x: event.clientX, y: event.clientY, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) > 12) {
      d.moved = true;
      setDragging(d.index);
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    setDragging(null);
    if (!d || !d.moved) return;
    suppressClick.current = true;
    window.setTimeout(() => (suppressClick.current = false), 50);
    const target = document
      .elementFromPoint(event.clientX, event.clientY)
      ?.closest<HTMLElement>("[data-index]");
    if (!target) return;
    const to = Number(target.dataset.index);
    setSelected(null);
    move(d.index, to);
  };

  return (
    <section className="examination" aria-labelledby="exam-title">
      <div className="exam-head">
        <h2 id="exam-title">
          {deal === 2 ? (
            <Trans>New Deal: Look carefully at hand {hand}</Trans>
          ) : (
            <Trans>Look carefully at hand {hand}</Trans>
          )}
        </h2>
        {secondsLeft !== null && !timeUp && (
          <RunningCountdown
            secondsLeft={secondsLeft}
            clockKey={clockKey}
            planned={planned}
            label={t`to look at hand ${hand}`}
          />
        )}
      </div>
      {timeUp ? (
        <p className="big-message" role="status">
          {hand === "A" ? (
            <Trans>Time is up for hand {hand}. Hand B comes next…</Trans>
          ) : (
            <Trans>Time is up for hand {hand}. Now the choice…</Trans>
          )}
        </p>
      ) : (
        <>
          <p className="hint exam-hint">
            <Trans>
              Both players see this hand. Remember it: hand {hand} will not be shown again.
            </Trans>{" "}
            <span className="sort-help">
              <Trans>
                You may put the cards in any order: drag a card, or tap a card and then tap where it
                should go (keyboard: Enter to pick up, arrow keys to move).
              </Trans>
            </span>
          </p>
          <div
            ref={group}
            className={`hand exam-hand ${dragging !== null ? "dragging" : ""}`}
            role="group"
            aria-label={t({
              message: plural(count, {
                one: `Hand ${hand}, # card`,
                other: `Hand ${hand}, # cards`,
              }),
            })}
            onKeyDown={onKeyDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
              setDragging(null);
            }}
            data-testid="exam-hand"
          >
            {cards.map((card, index) => (
              <CardButton
                key={card}
                card={card}
                wild={wild !== null && card[0] === wild}
                selected={selected === index}
                className={dragging === index ? "being-dragged" : ""}
                data-index={index}
                onPointerDown={onPointerDown(index)}
                onClick={() => tap(index)}
                hint={selected === index ? t`picked up` : undefined}
              />
            ))}
          </div>
          <div className="sr-only" aria-live="polite">
            {status}
          </div>
          <div className="exam-actions">
            <button
              type="button"
              className="btn secondary"
              onClick={() => onSort(sortHand(cards, wild))}
              disabled={pending}
            >
              <Trans>Sort by suit</Trans>
            </button>
            <button
              type="button"
              className="btn primary big"
              onClick={onReady}
              disabled={pending || ready}
              data-testid="ready"
            >
              {ready ? <Trans>Waiting…</Trans> : <Trans>I'm ready</Trans>}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

export interface ExaminationWaitingProps {
  hand: "A" | "B";
  deal: number;
  planned: number;
  /** The game's first hand: the participant starts the clock with a button. */
  explicit: boolean;
  pending: boolean;
  onStart: () => void;
  /** At a table: the other person, whose own Start does not start this person's clock. */
  other?: string | null;
}

/** Before a hand is shown: the game's first hand waits for the participant's "Start"; a later
 * deal's hand A follows on its own after a short pause. No time runs until the hand is shown. */
export function ExaminationWaiting({
  hand,
  deal,
  planned,
  explicit,
  pending,
  onStart,
  other,
}: ExaminationWaitingProps) {
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (explicit) start.current?.focus();
  }, [explicit]);
  if (!explicit) {
    return (
      <p className="big-message" role="status" data-testid="exam-next">
        {deal === 2 ? (
          <Trans>New Deal: hand {hand} comes next…</Trans>
        ) : (
          <Trans>Hand {hand} comes next…</Trans>
        )}
      </p>
    );
  }
  return (
    <section className="examination exam-waiting" aria-labelledby="exam-start-title">
      <h2 id="exam-start-title">
        <Trans>Hand {hand} is ready for you</Trans>
      </h2>
      <p className="hint">
        <Trans>
          When you press Start you will see hand {hand} for{" "}
          <Plural value={planned} one="# second" other="# seconds" />, then hand B for as long. Look
          carefully: each hand is shown only once. The time starts when you press Start.
        </Trans>
      </p>
      {other && (
        <p className="hint" data-testid="own-clock">
          <Trans>
            You and {other} each have your own clock: yours starts when you press Start, not when{" "}
            {other} does.
          </Trans>
        </p>
      )}
      <div className="exam-actions">
        <button
          ref={start}
          type="button"
          className="btn primary big"
          onClick={onStart}
          disabled={pending}
          data-testid="exam-start"
        >
          <Trans>Start</Trans>
        </button>
      </div>
    </section>
  );
}
