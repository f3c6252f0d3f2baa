// Cards written as text ("10♠ Q♥"), for records and replays. Each card is isolated left to
// right: in a right-to-left line the suit, a neutral symbol, would otherwise part from its rank
// ("6♥ A♥" shown "♥A♥ 6" in Arabic), and a rank or number next to it would join the wrong run.

import { Fragment } from "react";
import { partSeparator } from "../i18n/format";
import { RANK_LABEL, SUIT_SYMBOL, cardName, cardShort, rankName, suitName } from "./cards";
import type { Rank, Suit } from "./cards";

/** One card as printed ("Q♥"), said in full to a screen reader. */
export function CardText({ card }: { card: string }) {
  return (
    <>
      <bdi dir="ltr" aria-hidden="true">
        {cardShort(card)}
      </bdi>
      <span className="sr-only">{cardName(card)}</span>
    </>
  );
}

/** Cards in a row, in the line's own direction (in Arabic the first on the right); a screen
 * reader hears their names one by one, with the reader's comma between them. */
export function CardsText({ cards }: { cards: string[] }) {
  const comma = partSeparator().trim();
  return (
    <>
      {cards.map((card, i) => (
        <Fragment key={card}>
          {i > 0 && " "}
          <CardText card={card} />
          {i < cards.length - 1 && <span className="sr-only">{comma}</span>}
        </Fragment>
      ))}
    </>
  );
}

/** A suit's symbol ("♥"), said as its name. */
export function SuitText({ suit }: { suit: string }) {
  if (!(suit in SUIT_SYMBOL)) return <bdi>{suit}</bdi>;
  return (
    <>
      <bdi dir="ltr" aria-hidden="true">
        {SUIT_SYMBOL[suit as Suit]}
      </bdi>
      <span className="sr-only">{suitName(suit)}</span>
    </>
  );
}

/** A rank as printed ("10", "K"), said as its name. */
export function RankText({ rank }: { rank: string }) {
  if (!(rank in RANK_LABEL)) return <bdi>{rank}</bdi>;
  return (
    <>
      <bdi dir="ltr" aria-hidden="true">
        {RANK_LABEL[rank as Rank]}
      </bdi>
      <span className="sr-only">{rankName(rank)}</span>
    </>
  );
}
