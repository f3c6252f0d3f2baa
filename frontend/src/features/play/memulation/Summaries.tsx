// The Memulation summaries: a round's (the tricks and points of each deal) and the match's.

import { useState } from "react";
import type { MemulationView } from "../../../game/types";

export function RoundSummary({ view }: { view: MemulationView }) {
  const [open, setOpen] = useState(true);
  const last = view.state.rounds_played[view.state.rounds_played.length - 1];
  if (!open || !last) return null;
  return (
    <div className="summary-banner" role="status" data-testid="round-summary">
      <RoundTable round={last} me={view.seat} />
      <button type="button" className="btn secondary" onClick={() => setOpen(false)}>
        Close
      </button>
    </div>
  );
}

function RoundTable({
  round,
  me,
}: {
  round: MemulationView["state"]["rounds_played"][number];
  me: number;
}) {
  const mine = String(me);
  const theirs = String(1 - me);
  return (
    <table className="summary-table">
      <caption>Round {round.round + 1}</caption>
      <thead>
        <tr>
          <th scope="col">Tricks</th>
          <th scope="col">You</th>
          <th scope="col">Opponent</th>
        </tr>
      </thead>
      <tbody>
        {round.deal_scores.map((d, i) => (
          <tr key={i}>
            <th scope="row">{i === 0 ? "Old Deal" : "New Deal"}</th>
            <td>{d[mine] ?? 0}</td>
            <td>{d[theirs] ?? 0}</td>
          </tr>
        ))}
        <tr className="total">
          <th scope="row">Round total</th>
          <td>{round.score[mine] ?? 0}</td>
          <td>{round.score[theirs] ?? 0}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function MatchSummary({ view }: { view: MemulationView }) {
  const s = view.state;
  const mine = s.match_score[String(view.seat)] ?? 0;
  const theirs = s.match_score[String(1 - view.seat)] ?? 0;
  const verdict =
    mine > theirs
      ? "You won the game!"
      : mine < theirs
        ? "Your opponent won this time."
        : "A draw!";
  return (
    <section className="match-summary" aria-labelledby="match-title" data-testid="match-summary">
      <h2 id="match-title">The game is over. {verdict}</h2>
      <p className="big-message">
        Final score: you <strong>{mine}</strong>, your opponent <strong>{theirs}</strong>.
      </p>
      <div className="summary-rounds">
        {s.rounds_played.map((round) => (
          <RoundTable key={round.round} round={round} me={view.seat} />
        ))}
      </div>
      <p>Thank you for playing. You may hand the device back now.</p>
    </section>
  );
}
