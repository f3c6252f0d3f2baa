// The whole record of a finished table for the spectator: each round's hands as dealt and every
// trick, leader first, with who won it.

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
    <table className="data-table">
      <caption className="sr-only">Tricks</caption>
      <thead>
        <tr>
          <th scope="col">Trick</th>
          <th scope="col">Led by</th>
          <th scope="col">Cards (leader first)</th>
          <th scope="col">Won by</th>
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
          <dt>{/^\d+$/.test(seat) ? name(Number(seat)) : `Hand ${seat}`}</dt>
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
      <h2 id="record-title">The whole record</h2>
      {record.rounds.map((round) => (
        <section key={round.round} className="card-panel" aria-label={`Round ${round.round + 1}`}>
          <h3>Round {round.round + 1}</h3>
          {round.deals ? (
            round.deals.map((deal, d) => (
              <div key={d}>
                <h4>
                  {d === 0 ? "Old Deal" : "New Deal"}
                  {deal.pritticut ? ` · Pritticut ${cardShort(deal.pritticut)}` : ""}
                </h4>
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
