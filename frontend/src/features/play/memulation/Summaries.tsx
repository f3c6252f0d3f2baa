// The Memulation summaries: a round's (the tricks and points of each deal) and the match's.

import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { MemulationView } from "../../../game/types";

// The deals' own names, the same in every language.
const OLD_DEAL = "Old Deal";
const NEW_DEAL = "New Deal";

export function RoundSummary({ view }: { view: MemulationView }) {
  const [open, setOpen] = useState(true);
  const last = view.state.rounds_played[view.state.rounds_played.length - 1];
  if (!open || !last) return null;
  return (
    <div className="summary-banner" role="status" data-testid="round-summary">
      <RoundTable round={last} me={view.seat} />
      <button type="button" className="btn secondary" onClick={() => setOpen(false)}>
        <Trans>Close</Trans>
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
  const number = round.round + 1;
  return (
    <table className="summary-table">
      <caption>
        <Trans>Round {number}</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Tricks</Trans>
          </th>
          <th scope="col">
            <Trans>You</Trans>
          </th>
          <th scope="col">
            <Trans>Opponent</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {round.deal_scores.map((d, i) => (
          <tr key={i}>
            <th scope="row">{i === 0 ? OLD_DEAL : NEW_DEAL}</th>
            <td>{d[mine] ?? 0}</td>
            <td>{d[theirs] ?? 0}</td>
          </tr>
        ))}
        <tr className="total">
          <th scope="row">
            <Trans>Round total</Trans>
          </th>
          <td>{round.score[mine] ?? 0}</td>
          <td>{round.score[theirs] ?? 0}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function MatchSummary({ view }: { view: MemulationView }) {
  const s = view.state;
  // The game is over: the hand and its buttons are gone, and the focus starts here.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mine = s.match_score[String(view.seat)] ?? 0;
  const theirs = s.match_score[String(1 - view.seat)] ?? 0;
  const verdict =
    mine > theirs ? (
      <Trans>The game is over. You won the game!</Trans>
    ) : mine < theirs ? (
      <Trans>The game is over. Your opponent won this time.</Trans>
    ) : (
      <Trans>The game is over. A draw!</Trans>
    );
  return (
    <section className="match-summary" aria-labelledby="match-title" data-testid="match-summary">
      <h2 id="match-title" tabIndex={-1} ref={heading}>
        {verdict}
      </h2>
      <p className="big-message">
        <Trans>
          Final score: you <strong>{mine}</strong>, your opponent <strong>{theirs}</strong>.
        </Trans>
      </p>
      <div className="summary-rounds">
        {s.rounds_played.map((round) => (
          <RoundTable key={round.round} round={round} me={view.seat} />
        ))}
      </div>
      <p>
        <Trans>Thank you for playing. You may hand the device back now.</Trans>
      </p>
    </section>
  );
}
