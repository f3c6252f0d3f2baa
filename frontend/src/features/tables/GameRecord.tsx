// The whole record of a finished table for the spectator: each round's hands as dealt and every
// trick, leader first, with who won it.

import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { CardText, CardsText } from "../../game/CardText";
import type { GameRecordBody, RecordTrick } from "../../game/tableTypes";

function cardOf(c: RecordTrick["cards"][number]): string {
  return typeof c === "string" ? c : c.card;
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
                <CardsText cards={t.cards.map(cardOf)} />
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
          <dt>{/^\d+$/.test(seat) ? name(Number(seat)) : <HandName letter={seat} />}</dt>
          <dd>
            <CardsText cards={cards} />
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
                <h4>
                  <DealHeading d={d} pritticut={deal.pritticut} />
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

function HandName({ letter }: { letter: string }) {
  // Isolated, as a card is: a Latin letter in a right-to-left line.
  const hand = <bdi>{letter}</bdi>;
  return <Trans>Hand {hand}</Trans>;
}

function roundName(round: number): string {
  const number = round + 1;
  return t`Round ${number}`;
}

/** "Old Deal · Pritticut 7♦" (`d`: 0 for the Old Deal, 1 for the New). */
function DealHeading({ d, pritticut }: { d: number; pritticut: string | null | undefined }) {
  if (!pritticut) return d === 0 ? <Trans>Old Deal</Trans> : <Trans>New Deal</Trans>;
  const card = <CardText card={pritticut} />;
  return d === 0 ? (
    <Trans>Old Deal · Pritticut {card}</Trans>
  ) : (
    <Trans>New Deal · Pritticut {card}</Trans>
  );
}
