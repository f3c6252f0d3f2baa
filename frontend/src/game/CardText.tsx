// Cards written as text ("10♠ Q♥"), for records and replays. Each card is isolated left to
// right: in a right-to-left line the suit, a neutral symbol, would otherwise part from its rank
// ("6♥ A♥" shown "♥A♥ 6" in Arabic), and a rank or number next to it would join the wrong run.

import { Fragment } from "react";
import { partSeparator } from "../i18n/format";
import { RANK_LABEL, SUIT_SYMBOL, cardName, cardShort, rankName, suitName } from "./cards";
import type { Rank, Suit } from "./cards";

/** A symbol as printed, isolated left to right and hidden from a screen reader, which hears
 * ``said`` instead. */
function Spoken({ shown, said }: { shown: string; said: string }) {
  return (
    <>
      <bdi dir="ltr" aria-hidden="true">
        {shown}
      </bdi>
      <span className="sr-only">{said}</span>
    </>
  );
}

/** One card as printed ("Q♥"), said in full to a screen reader. */
export function CardText({ card }: { card: string }) {
  return <Spoken shown={cardShort(card)} said={cardName(card)} />;
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
  return <Spoken shown={SUIT_SYMBOL[suit as Suit]} said={suitName(suit)} />;
}

/** A rank as printed ("10", "K"), said as its name. */
export function RankText({ rank }: { rank: string }) {
  if (!(rank in RANK_LABEL)) return <bdi>{rank}</bdi>;
  return <Spoken shown={RANK_LABEL[rank as Rank]} said={rankName(rank)} />;
}
