// A completed session's replay: for each finished game the hands, the Pritticut, the
// examination, the 'Stragedy and every trick; the solver's verdicts join in once its analysis
// is stored (until then the replay is shown without them). Mendikot games replay without one.

import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { Link, useParams } from "react-router";
import { rows } from "../../api/client";
import { ErrorNote, Loading } from "../../ui/widgets";
import { getReview, listSessionGames } from "../../api/sessions";
import type { GameReview, SolverDeal } from "../../game/review";
import { CardText, CardsText, RankText, SuitText } from "../../game/CardText";
import { clauseSeparator, formatNumber } from "../../i18n/format";
import { i18n } from "../../i18n/i18n";
import { gameName } from "../../game/names";
import { playerName } from "./names";

// The game's own name for the card turned up, the same in every language.
const PRITTICUT = "Pritticut";

function cardOf(c: string | { card: string }): string {
  return typeof c === "string" ? c : c.card;
}

function Hand({ cards }: { cards: string[] }) {
  return (
    <span className="replay-hand">
      <CardsText cards={cards} />
    </span>
  );
}

function who(review: GameReview, seat: number): string {
  if (seat === review.participant_seat) return playerName(i18n, "participant");
  const kind = review.seats[seat];
  return kind ? `${playerName(i18n, kind)} ${seat}` : t`seat ${seat}`;
}

/** The solver's word on one play: best, or how much it cost. */
function verdict(deal: SolverDeal | undefined, trick: number, card: string): string | null {
  const play = deal?.tricks.find((t) => t.trick === trick)?.plays.find((p) => p.card === card);
  if (!play) return null;
  const lost = play.lost;
  return lost > 0 ? t`cost ${lost}` : t`best`;
}

/** "Round 1, Old Deal" (`d`: 0 for the Old Deal, 1 for the New). */
function dealName(round: number, d: number): string {
  const number = round + 1;
  return d === 0 ? t`Round ${number}, Old Deal` : t`Round ${number}, New Deal`;
}

function dealHeading(round: number, d: number): string {
  const number = round + 1;
  return d === 0 ? t`Round ${number}: Old Deal` : t`Round ${number}: New Deal`;
}

type Examination = GameReview["examination"][number];

/** "hand A: 21.5 s of 30 s (ended early), 2 sorts". */
function ExaminationLine({ e }: { e: Examination }) {
  // The letter isolated: in Arabic the seconds after it would join its left-to-right run.
  const hand = <bdi>{e.hand}</bdi>;
  const actual = formatNumber(e.actual_seconds, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const planned = formatNumber(e.planned_seconds);
  const sortCount = e.sorts;
  const sorts = plural(sortCount, { one: "# sort", other: "# sorts" });
  return e.ended_early ? (
    <Trans>
      hand {hand}: {actual} s of {planned} s (ended early), {sorts}
    </Trans>
  ) : (
    <Trans>
      hand {hand}: {actual} s of {planned} s, {sorts}
    </Trans>
  );
}

/** Each hand's examination in a deal, one statement after the other. */
function ExaminationLines({ exams }: { exams: Examination[] }) {
  if (exams.length === 0) return <Trans>none in this deal</Trans>;
  const semicolon = clauseSeparator();
  return exams.map((e, i) => (
    <Fragment key={i}>
      {i > 0 && semicolon}
      <ExaminationLine e={e} />
    </Fragment>
  ));
}

type Stragedy = GameReview["stragedy"][number];

function StragedyLine({ s }: { s: Stragedy }) {
  const round = s.round + 1;
  const intended = s.intended_card ? <CardText card={s.intended_card} /> : t`no named card`;
  const revealed = <CardText card={s.revealed_card} />;
  const pile = s.pile + 1;
  const trick = s.trick + 1;
  const card = s.card_index + 1;
  return s.hit ? (
    <Trans>
      Round {round}: looked for {intended}, turned up {revealed} (pile {pile}, trick {trick}, card{" "}
      {card}): found
    </Trans>
  ) : (
    <Trans>
      Round {round}: looked for {intended}, turned up {revealed} (pile {pile}, trick {trick}, card{" "}
      {card}): missed
    </Trans>
  );
}

function PritticutLine({ deal }: { deal: { pritticut: string; trump: string; wild: string } }) {
  const card = <CardText card={deal.pritticut} />;
  const trump = <SuitText suit={deal.trump} />;
  const wild = <RankText rank={deal.wild} />;
  return (
    <Trans>
      {card} (trump {trump}, wild {wild})
    </Trans>
  );
}

function MemulationReplay({ review }: { review: GameReview }) {
  return (
    <>
      {review.record.rounds.map((round) =>
        (round.deals ?? []).map((deal, d) => {
          // Deals are numbered from 1 in the examination and the analysis (1: the Old Deal).
          const solved = review.analysis?.find((s) => s.round === round.round && s.deal === d + 1);
          const exam = review.examination.filter(
            (e) => e.round === round.round && e.deal === d + 1,
          );
          return (
            <section
              key={`${round.round}-${d}`}
              className="card-panel"
              aria-label={dealName(round.round, d)}
              data-testid="replay-deal"
            >
              <h3>{dealHeading(round.round, d)}</h3>
              <dl className="readings">
                <dt>{PRITTICUT}</dt>
                <dd data-testid="pritticut">
                  <PritticutLine deal={deal} />
                </dd>
                <dt>{handA(deal.hand_a_seat)}</dt>
                <dd>
                  <Hand cards={deal.dealt.A ?? []} />
                </dd>
                <dt>
                  <Trans>Hand B</Trans>
                </dt>
                <dd>
                  <Hand cards={deal.dealt.B ?? []} />
                </dd>
                <dt>
                  <Trans>Examination</Trans>
                </dt>
                <dd data-testid="examination">
                  <ExaminationLines exams={exam} />
                </dd>
              </dl>
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
                        <Trans>Cards (leader first)</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Won by</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Solver</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {deal.tricks.map((t, i) => {
                      const cards = t.cards.map(cardOf);
                      const mine = cards[t.leader === review.participant_seat ? 0 : 1];
                      return (
                        <tr key={i}>
                          <th scope="row">{i + 1}</th>
                          <td>
                            <CardsText cards={cards} />
                          </td>
                          <td>{who(review, t.winner)}</td>
                          <td>
                            {review.analysis_status === "ready"
                              ? (verdict(solved, i, mine) ?? "–")
                              : "–"}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          );
        }),
      )}
      {review.stragedy.length > 0 && (
        <section className="card-panel" aria-label="'Stragedy" data-testid="replay-stragedy">
          <h3>
            <bdi>'Stragedy</bdi>
          </h3>
          <ul>
            {review.stragedy.map((s, i) => (
              <li key={i}>
                <StragedyLine s={s} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function roundName(round: number): string {
  const number = round + 1;
  return t`Round ${number}`;
}

function handA(seat: number): string {
  return t`Hand A (seat ${seat})`;
}

function trumpRevealed(revealed: { seat: number; trick: number }): string {
  const { seat } = revealed;
  const trick = revealed.trick + 1;
  return t`(revealed by seat ${seat} at trick ${trick})`;
}

function MendikotReplay({ review }: { review: GameReview }) {
  return (
    <>
      {review.record.rounds.map((round) => (
        <section
          key={round.round}
          className="card-panel"
          aria-label={roundName(round.round)}
          data-testid="replay-deal"
        >
          <h3>{roundName(round.round)}</h3>
          <dl className="readings">
            <dt>
              <Trans>Trump</Trans>
            </dt>
            <dd>
              {round.trump ? <SuitText suit={round.trump} /> : "–"}
              {round.trump_revealed && ` ${trumpRevealed(round.trump_revealed)}`}
            </dd>
            {Object.entries(round.hands ?? {}).map(([seat, cards]) => (
              <div key={seat} className="replay-seat">
                <dt>{who(review, Number(seat))}</dt>
                <dd>
                  <Hand cards={cards} />
                </dd>
              </div>
            ))}
          </dl>
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
                    <Trans>Cards (leader first)</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Won by</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {(round.tricks ?? []).map((t, i) => (
                  <tr key={i}>
                    <th scope="row">{i + 1}</th>
                    <td>
                      <CardsText cards={t.cards.map(cardOf)} />
                    </td>
                    <td>{who(review, t.winner)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}

export function GameReplay({ review }: { review: GameReview }) {
  const { t } = useLingui();
  const game = gameName(review.game_type);
  const number = review.game_id;
  return (
    <article aria-labelledby={`game-${review.game_id}`} data-testid="game-replay">
      <h2 id={`game-${review.game_id}`}>{t`${game} game ${number}`}</h2>
      <p className="muted" data-testid="solver-status">
        {review.analysis_status === "ready"
          ? t`With the solver's analysis: each of the participant's plays marked best or what it cost.`
          : review.analysis_status === "pending"
            ? t`The solver's analysis is not ready yet: the replay is shown without it.`
            : t`Mendikot games are replayed without a solver.`}
      </p>
      {review.game_type === "memulation" ? (
        <MemulationReplay review={review} />
      ) : (
        <MendikotReplay review={review} />
      )}
    </article>
  );
}

function GameReplayLoader({ gameId }: { gameId: number }) {
  const { t } = useLingui();
  const review = useQuery({
    queryKey: ["review", gameId],
    queryFn: () => getReview(gameId),
    refetchInterval: (q) => (q.state.data?.analysis_status === "pending" ? 10_000 : false),
  });
  if (review.isLoading) return <Loading />;
  if (!review.data) return <ErrorNote error={review.error} what={t`This game's replay`} />;
  return <GameReplay review={review.data} />;
}

export function ReplayPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const games = useQuery({
    queryKey: ["session-games", id],
    queryFn: () => listSessionGames(id),
  });
  const list = rows(games.data);
  // The practice round is not replayed: it is never analysed, and it does not count.
  const finished = list.filter((g) => g.status === "finished" && !g.practice);
  return (
    <section aria-labelledby="replay-page-title" className="replay-page">
      <h1 id="replay-page-title">
        <Trans>Session replay</Trans>
      </h1>
      <p>
        <Link to={`/sessions/${id}`}>
          <Trans>The session's page</Trans>
        </Link>
      </p>
      {games.isLoading && <Loading />}
      <ErrorNote error={games.error} what={t`The session's games`} />
      {games.data && finished.length === 0 && (
        <p className="muted">
          <Trans>No finished game to replay.</Trans>
        </p>
      )}
      {finished.map((g) => (
        <GameReplayLoader key={g.id} gameId={g.id} />
      ))}
    </section>
  );
}
