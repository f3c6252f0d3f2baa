// What the Mendikot table says about trump: the suit once known, else who holds the hidden card
// and how this game's rule will set it.

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Card } from "../../../game/Card";
import { suitName, SUIT_SYMBOL } from "../../../game/cards";
import type { Suit } from "../../../game/cards";
import type { MendikotView } from "../../../game/types";
import { seatInSentence } from "./seats";

const RULE_WORDS: Record<string, MessageDescriptor> = {
  turn_up: msg`Trump was turned up before the deal.`,
  hidden_reveal: msg`Hidden trump: it is revealed when a player cannot follow suit.`,
  hidden_ask: msg`Hidden trump: a player who cannot follow suit may ask for it.`,
  first_void: msg`The first card played by a player who cannot follow suit sets trump.`,
};

export function TrumpIndicator({ view }: { view: MendikotView }) {
  const { i18n, t } = useLingui();
  const s = view.state;
  const me = view.seat;
  let text: string;
  if (s.trump) {
    const trump = suitName(s.trump);
    text = t`Trump: ${trump}`;
  } else if (s.trump_hidden && s.hidden_owner !== null) {
    const owner = seatInSentence(s.hidden_owner, me);
    text =
      s.hidden_owner === me
        ? t`Trump is hidden: you hold it`
        : t`Trump is hidden: ${owner} holds it`;
  } else if (s.phase === "hide_trump") {
    text = t`Trump is about to be hidden`;
  } else {
    text = t`No trump yet`;
  }
  const rule = RULE_WORDS[s.trump_rule];
  return (
    <div className="trump-indicator" data-testid="trump-indicator">
      {s.trump ? (
        <span className="trump-suit" aria-hidden="true" data-suit={s.trump}>
          {SUIT_SYMBOL[s.trump as Suit]}
        </span>
      ) : (
        <Card faceDown decorative className="mini" />
      )}
      <div>
        <strong>{text}</strong>
        {/* How trump gets set matters only until it is known. */}
        {!s.trump && <div className="hint small">{rule ? i18n._(rule) : ""}</div>}
      </div>
    </div>
  );
}
