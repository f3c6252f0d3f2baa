// The whole record of a finished table for the spectator: each round's hands as dealt and every
// trick, leader first, with who won it.

import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Fragment } from "react";
import { cardName, cardShort } from "../../game/cards";
import type { GameRecordBody, RecordTrick } from "../../game/tableTypes";

function cardOf(c: RecordTrick["cards"][number]): string {
  return typeof c === "string" ? c : c.card;
}

/** Cards printed short ("Q♥"), said in full to a screen reader. */
function Cards({ cards }: { cards: string[] }) {
  return (
    <>
      {cards.map((card, i) => (
        <Fragment key={card}>
          {i > 0 && " "}
          <span aria-hidden="true">{cardShort(card)}</span>
          <span className="sr-only">
            {cardName(card)}
            {i < cards.length - 1 ? "," : ""}
          </span>
        </Fragment>
      ))}
    </>
  );
}

function Tricks({ tricks, name }: { tricks: RecordTrick[]; name: (seat: number) => string }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">
          <Trans>Tricks</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Trick</Trans>
            </th>
            <th scope="col">
              <Trans>Led by</Trans>
            </th>
            <th scope="col">
              <Trans>Cards (leader first)</Trans>
            </th>
            <th scope="col">
              <Trans>Won by</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {tricks.map((t, i) => (
            <tr key={i}>
              <th scope="row">{i + 1}</th>
              <td>{name(t.leader)}</td>
              <td>
                <Cards cards={t.cards.map(cardOf)} />
              </td>
              <td>{name(t.winner)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Hands({
  hands,
  name,
}: {
  hands: Record<string, string[]>;
  name: (seat: number) => string;
}) {
  return (
    <dl className="readings">
      {Object.entries(hands).map(([seat, cards]) => (
        <div key={seat}>
          <dt>{/^\d+$/.test(seat) ? name(Number(seat)) : handName(seat)}</dt>
          <dd>
            <Cards cards={cards} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function GameRecord({
  record,
  name,
}: {
  record: GameRecordBody;
  name: (seat: number) => string;
}) {
  return (
    <section className="game-record" aria-labelledby="record-title" data-testid="game-record">
      <h2 id="record-title">
        <Trans>The whole record</Trans>
      </h2>
      {record.rounds.map((round) => (
        <section key={round.round} className="card-panel" aria-label={roundName(round.round)}>
          <h3>{roundName(round.round)}</h3>
          {round.deals ? (
            round.deals.map((deal, d) => (
              <div key={d}>
                <h4>{dealHeading(d, deal.pritticut)}</h4>
                {(deal.hands ?? deal.dealt) && (
                  <Hands hands={(deal.hands ?? deal.dealt)!} name={name} />
                )}
                <Tricks tricks={deal.tricks} name={name} />
              </div>
            ))
          ) : (
            <>
              {round.hands && <Hands hands={round.hands} name={name} />}
              <Tricks tricks={round.tricks ?? []} name={name} />
            </>
          )}
        </section>
      ))}
    </section>
  );
}

function handName(hand: string): string {
  return t`Hand ${hand}`;
}

function roundName(round: number): string {
  const number = round + 1;
  return t`Round ${number}`;
}

/** "Old Deal · Pritticut 7♦" (`d`: 0 for the Old Deal, 1 for the New). */
function dealHeading(d: number, pritticut: string | null | undefined): string {
  if (!pritticut) return d === 0 ? t`Old Deal` : t`New Deal`;
  const card = cardShort(pritticut);
  return d === 0 ? t`Old Deal · Pritticut ${card}` : t`New Deal · Pritticut ${card}`;
}
