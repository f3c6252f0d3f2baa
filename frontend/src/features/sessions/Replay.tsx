// A completed session's replay: for each finished game the hands, the Pritticut, the
// examination, the 'Stragedy and every trick; the solver's verdicts join in once its analysis
// is stored (until then the replay is shown without them). Mendikot games replay without one.

import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { rows } from "../../api/client";
import { ErrorNote, Loading } from "../../ui/widgets";
import { getReview, listSessionGames } from "../../api/sessions";
import type { GameReview, SolverDeal } from "../../game/review";

const SUITS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** "QS" → "Q♠", "TD" → "10♦": the card as printed on it. */
export function cardName(card: string): string {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return `${rank === "T" ? "10" : rank}${SUITS[suit] ?? suit}`;
}

function cardOf(c: string | { card: string }): string {
  return typeof c === "string" ? c : c.card;
}

function Hand({ cards }: { cards: string[] }) {
  return <span className="replay-hand">{cards.map(cardName).join(" ")}</span>;
}

function who(review: GameReview, seat: number): string {
  return seat === review.participant_seat
    ? "participant"
    : `${review.seats[seat] ?? "seat"} ${seat}`;
}

/** The solver's word on one play: best, or how much it cost. */
function verdict(deal: SolverDeal | undefined, trick: number, card: string): string | null {
  const play = deal?.tricks.find((t) => t.trick === trick)?.plays.find((p) => p.card === card);
  if (!play) return null;
  return play.lost > 0 ? `cost ${play.lost}` : "best";
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
              aria-label={`Round ${round.round + 1}, ${d === 0 ? "Old Deal" : "New Deal"}`}
              data-testid="replay-deal"
            >
              <h3>
                Round {round.round + 1}: {d === 0 ? "Old Deal" : "New Deal"}
              </h3>
              <dl className="readings">
                <dt>Pritticut</dt>
                <dd data-testid="pritticut">
                  {cardName(deal.pritticut)} (trump {SUITS[deal.trump] ?? deal.trump}, wild{" "}
                  {deal.wild === "T" ? "10" : deal.wild})
                </dd>
                <dt>Hand A (seat {deal.hand_a_seat})</dt>
                <dd>
                  <Hand cards={deal.dealt.A ?? []} />
                </dd>
                <dt>Hand B</dt>
                <dd>
                  <Hand cards={deal.dealt.B ?? []} />
                </dd>
                <dt>Examination</dt>
                <dd data-testid="examination">
                  {exam.length === 0
                    ? "none in this deal"
                    : exam
                        .map(
                          (e) =>
                            `hand ${e.hand}: ${e.actual_seconds.toFixed(1)} s of ${e.planned_seconds} s${
                              e.ended_early ? " (ended early)" : ""
                            }, ${e.sorts} sorts`,
                        )
                        .join("; ")}
                </dd>
              </dl>
              <div className="table-wrap">
                <table className="data-table">
                  <caption className="sr-only">Tricks</caption>
                  <thead>
                    <tr>
                      <th scope="col">Trick</th>
                      <th scope="col">Cards (leader first)</th>
                      <th scope="col">Won by</th>
                      <th scope="col">Solver</th>
                    </tr>
                  </thead>
                  <tbody>
                    {deal.tricks.map((t, i) => {
                      const cards = t.cards.map(cardOf);
                      const mine = cards[t.leader === review.participant_seat ? 0 : 1];
                      return (
                        <tr key={i}>
                          <th scope="row">{i + 1}</th>
                          <td>{cards.map(cardName).join(" ")}</td>
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
          <h3>'Stragedy</h3>
          <ul>
            {review.stragedy.map((s, i) => (
              <li key={i}>
                Round {s.round + 1}: looked for{" "}
                {s.intended_card ? cardName(s.intended_card) : "no named card"}, turned up{" "}
                {cardName(s.revealed_card)} (pile {s.pile + 1}, trick {s.trick + 1}, card{" "}
                {s.card_index + 1}): {s.hit ? "found" : "missed"}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function MendikotReplay({ review }: { review: GameReview }) {
  return (
    <>
      {review.record.rounds.map((round) => (
        <section
          key={round.round}
          className="card-panel"
          aria-label={`Round ${round.round + 1}`}
          data-testid="replay-deal"
        >
          <h3>Round {round.round + 1}</h3>
          <dl className="readings">
            <dt>Trump</dt>
            <dd>
              {round.trump ? (SUITS[round.trump] ?? round.trump) : "–"}
              {round.trump_revealed &&
                ` (revealed by seat ${round.trump_revealed.seat} at trick ${round.trump_revealed.trick + 1})`}
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
              <caption className="sr-only">Tricks</caption>
              <thead>
                <tr>
                  <th scope="col">Trick</th>
                  <th scope="col">Cards (leader first)</th>
                  <th scope="col">Won by</th>
                </tr>
              </thead>
              <tbody>
                {(round.tricks ?? []).map((t, i) => (
                  <tr key={i}>
                    <th scope="row">{i + 1}</th>
                    <td>{t.cards.map((c) => cardName(cardOf(c))).join(" ")}</td>
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
  return (
    <article aria-labelledby={`game-${review.game_id}`} data-testid="game-replay">
      <h2 id={`game-${review.game_id}`}>
        {review.game_type === "memulation" ? "Memulation" : "Mendikot"} game {review.game_id}
      </h2>
      <p className="muted" data-testid="solver-status">
        {review.analysis_status === "ready"
          ? "With the solver's analysis: each of the participant's plays marked best or what it cost."
          : review.analysis_status === "pending"
            ? "The solver's analysis is not ready yet: the replay is shown without it."
            : "Mendikot games are replayed without a solver."}
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
  const review = useQuery({
    queryKey: ["review", gameId],
    queryFn: () => getReview(gameId),
    refetchInterval: (q) => (q.state.data?.analysis_status === "pending" ? 10_000 : false),
  });
  if (review.isLoading) return <Loading />;
  if (!review.data) return <ErrorNote error={review.error} what="This game's replay" />;
  return <GameReplay review={review.data} />;
}

export function ReplayPage() {
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
      <h1 id="replay-page-title">Session replay</h1>
      <p>
        <Link to={`/sessions/${id}`}>The session's page</Link>
      </p>
      {games.isLoading && <Loading />}
      <ErrorNote error={games.error} what="The session's games" />
      {games.data && finished.length === 0 && <p className="muted">No finished game to replay.</p>}
      {finished.map((g) => (
        <GameReplayLoader key={g.id} gameId={g.id} />
      ))}
    </section>
  );
}
