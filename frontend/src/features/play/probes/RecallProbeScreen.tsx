// A recall probe in front of the table: where a named card lies among the Old Deal's face-down
// tricks (the 'Stragedy's own picker), or whether a named card was in the other hand (yes/no).
// The game waits for the answer; whether it was right is not shown during the game.

import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../../game/Card";
import { cardName } from "../../../game/cards";
import { OldPiles, positionWords } from "../memulation/Piles";
import type { OldPosition } from "../memulation/Piles";
import { useSettings } from "../../../game/settings";
import type { MemulationState, PendingProbe } from "../../../game/types";
import type { GameConnection } from "../useGame";
import { useDecisionClock } from "../useGame";

export function RecallProbeScreen({ game, probe }: { game: GameConnection; probe: PendingProbe }) {
  const { t } = useLingui();
  const state = game.view!.state as MemulationState;
  const key = `probe-${probe.round}-${probe.deal}-${probe.kind}-${probe.number}`;
  const elapsed = useDecisionClock(key);
  const { settings } = useSettings();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [key]);
  const held = state.hand_label;
  const otherHand = held === "A" ? "B" : "A";
  const card = cardName(probe.card);
  const number = probe.number;
  const of = probe.of;
  return (
    <section
      className="probe choice"
      aria-labelledby="probe-title"
      data-testid="recall-probe"
      data-kind={probe.kind}
      data-number={probe.number}
    >
      {game.refusal && (
        <div className="refusal" role="alert" data-testid="refusal" data-code={game.refusal.code}>
          <span>{game.refusal.message}</span>
        </div>
      )}
      <p className="hint">
        <Trans>
          Memory question {number} of {of}. It does not change the game.
        </Trans>
      </p>
      {probe.kind === "which_hand" && held && (
        // The choice first, in words: the question is about the hand one does not hold.
        <p className="held-line" data-testid="probe-held">
          <Trans>
            You hold hand {held}; your opponent holds hand {otherHand}.
          </Trans>
        </p>
      )}
      <h2 id="probe-title" tabIndex={-1} ref={heading}>
        {probe.kind === "where"
          ? t`Where does the ${card} lie in the Old Deal's tricks?`
          : held
            ? t`Was the ${card} in the other hand (hand ${otherHand}, your opponent's)?`
            : t`Was the ${card} in the other hand?`}
      </h2>
      <div className="probe-card">
        <Card card={probe.card} palette={settings.palette} />
      </div>
      {probe.kind === "where" ? (
        <WhereAnswer key={key} game={game} state={state} elapsed={elapsed} />
      ) : (
        <YesNoAnswer game={game} elapsed={elapsed} />
      )}
    </section>
  );
}

function WhereAnswer({
  game,
  state,
  elapsed,
}: {
  game: GameConnection;
  state: MemulationState;
  elapsed: () => number;
}) {
  const { t } = useLingui();
  const [position, setPosition] = useState<OldPosition | null>(null);
  const me = game.view!.seat;
  const chosen = position ? positionWords(position, me) : null;
  return (
    <>
      <p className="hint">
        <Trans>Pick the place where you think it lies: a card led or a card that followed.</Trans>
      </p>
      {state.old_piles && (
        <OldPiles
          piles={state.old_piles}
          me={me}
          selectable
          chosen={position}
          onPick={setPosition}
        />
      )}
      <p className="chosen-line" role="status" data-testid="probe-chosen">
        {chosen ? t`Chosen: ${chosen}.` : t`No place chosen yet.`}
      </p>
      <div className="row-actions">
        <button
          type="button"
          className="btn primary big"
          disabled={!position || game.pending}
          data-testid="probe-answer"
          onClick={() => {
            if (!position) return;
            void game.answerProbe(
              { pile: position.pile, trick: position.trick, card: position.card },
              elapsed(),
            );
          }}
        >
          <Trans>This is my answer</Trans>
        </button>
      </div>
    </>
  );
}

function YesNoAnswer({ game, elapsed }: { game: GameConnection; elapsed: () => number }) {
  const { t } = useLingui();
  return (
    <div className="choice-buttons" role="group" aria-label={t`Your answer`}>
      {[true, false].map((yes) => (
        <button
          key={String(yes)}
          type="button"
          className="btn primary huge"
          disabled={game.pending}
          data-testid={yes ? "probe-yes" : "probe-no"}
          onClick={() => void game.answerProbe({ in_other_hand: yes }, elapsed())}
        >
          {yes ? t`Yes, it was` : t`No, it was not`}
        </button>
      ))}
    </div>
  );
}
