// The 'Stragedy: the person whose turn it is names the card they want to find (step 1, when the
// game asks for it), then picks one face-down card of the Old Deal's tricks (step 2) and turns it
// up; the other person is told whom the table waits for.

import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { cardName } from "../../../game/cards";
import type { MemulationState, MemulationView } from "../../../game/types";
import type { GameConnection } from "../useGame";
import { CardPicker } from "./CardPicker";
import { OldPiles, positionWords } from "./Piles";
import type { OldPosition } from "./Piles";

export interface StragedyChoice {
  intended: string | null;
  setIntended: (card: string | null) => void;
  position: OldPosition | null;
  setPosition: (position: OldPosition | null) => void;
  step: "name" | "pick";
  setStep: (step: "name" | "pick") => void;
}

/** What was chosen in the 'Stragedy so far: kept by the table (its step moves the focus), and
 * forgotten on leaving the 'Stragedy (set while rendering, not after). */
export function useStragedyChoice(current: MemulationState["phase"]): StragedyChoice {
  const [intended, setIntended] = useState<string | null>(null);
  const [position, setPosition] = useState<OldPosition | null>(null);
  const [step, setStep] = useState<"name" | "pick">("name");
  const [phase, setPhase] = useState(current);
  if (phase !== current) {
    setPhase(current);
    if (current !== "stragedy") {
      setIntended(null);
      setPosition(null);
      setStep("name");
    }
  }
  return { intended, setIntended, position, setPosition, step, setStep };
}

export function Stragedy({
  view,
  game,
  choice,
  myTurn,
  person,
  elapsed,
}: {
  view: MemulationView;
  game: GameConnection;
  choice: StragedyChoice;
  myTurn: boolean;
  person: string | null;
  elapsed: () => number;
}) {
  const s = view.state;
  const me = view.seat;
  const wantsIntent = s.options?.stragedy_intent !== false;
  const { t } = useLingui();
  const intended = choice.intended ? cardName(choice.intended) : null;
  const chosen = choice.position ? positionWords(choice.position, me) : null;
  return (
    <section className="stragedy" aria-labelledby="stragedy-title">
      {myTurn ? (
        <>
          {/* Isolated: in Arabic the name alone is Latin text after an apostrophe, which a
              right-to-left line would move to its end ("Stragedy'"). */}
          <h2 id="stragedy-title">
            <bdi>
              <Trans>The 'Stragedy</Trans>
            </bdi>
          </h2>
          {wantsIntent && choice.step === "name" ? (
            <>
              <p className="hint">
                <Trans>
                  <strong>Step 1 of 2.</strong> Which card do you want to turn up from the Old
                  Deal's tricks? Its suit will be trump and its rank wild. Name it here.
                </Trans>
              </p>
              <div data-next>
                <CardPicker
                  value={choice.intended}
                  onChange={choice.setIntended}
                  label={t`The card you want to find`}
                />
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  className="btn primary big"
                  disabled={!choice.intended}
                  data-testid="intended-next"
                  onClick={() => choice.setStep("pick")}
                >
                  {intended ? t`Next: find the ${intended}` : t`Choose a card first`}
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="hint">
                {wantsIntent && (
                  <>
                    <strong>
                      <Trans>Step 2 of 2.</Trans>
                    </strong>{" "}
                  </>
                )}
                {intended ? (
                  <Trans>
                    Where is the {intended}? Pick one face-down card from either pile: the card led
                    or the card that followed in a trick.
                  </Trans>
                ) : (
                  <Trans>
                    Pick one face-down card from either pile: the card led or the card that followed
                    in a trick.
                  </Trans>
                )}
              </p>
              {s.old_piles && (
                <div data-next>
                  <OldPiles
                    piles={s.old_piles}
                    me={me}
                    selectable
                    chosen={choice.position}
                    onPick={choice.setPosition}
                  />
                </div>
              )}
              <p className="chosen-line" role="status" data-testid="stragedy-chosen">
                {chosen ? t`Chosen: ${chosen}.` : t`No card chosen yet.`}
              </p>
              <div className="row-actions">
                {wantsIntent && (
                  <button
                    type="button"
                    className="btn secondary"
                    onClick={() => choice.setStep("name")}
                  >
                    <Trans>Back</Trans>
                  </button>
                )}
                <button
                  type="button"
                  className="btn primary big"
                  disabled={!choice.position || game.pending}
                  data-testid="turn-up"
                  onClick={() => {
                    if (!choice.position) return;
                    void game.act(
                      {
                        type: "stragedy",
                        pile: choice.position.pile,
                        trick: choice.position.trick,
                        card: choice.position.card,
                        ...(wantsIntent && choice.intended ? { intended: choice.intended } : {}),
                      },
                      elapsed(),
                    );
                  }}
                >
                  <Trans>Turn this card up</Trans>
                </button>
              </div>
            </>
          )}
        </>
      ) : (
        <h2 id="stragedy-title" role="status">
          {person
            ? t`Waiting for ${person} to turn up a card from the Old Deal's tricks…`
            : t`Your opponent is choosing a card from the Old Deal's tricks…`}
        </h2>
      )}
    </section>
  );
}
