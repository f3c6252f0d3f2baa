// The end of a Mendikot game: who won, and each round's trump, tens, tricks and result.

import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { suitName } from "../../../game/cards";
import { resultWords } from "../recent";
import type { MendikotView } from "../../../game/types";

export function MendikotSummary({ view }: { view: MendikotView }) {
  const { t } = useLingui();
  const s = view.state;
  const me = view.seat;
  const ours = String(me % 2);
  const theirs = String((me + 1) % 2);
  const wins = s.match_wins[ours] ?? 0;
  const losses = s.match_wins[theirs] ?? 0;
  // The game is over: the hand and its buttons are gone, and the focus starts here.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="match-summary" aria-labelledby="m-summary" data-testid="match-summary">
      <h2 id="m-summary" tabIndex={-1} ref={heading}>
        {wins > losses ? (
          <Trans>The game is over. Your team won!</Trans>
        ) : wins < losses ? (
          <Trans>The game is over. The other team won.</Trans>
        ) : (
          <Trans>The game is over. A draw.</Trans>
        )}
      </h2>
      <table className="summary-table mendikot-summary">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Round</Trans>
            </th>
            <th scope="col">
              <Trans>Trump</Trans>
            </th>
            <th scope="col">
              <Trans>
                Your team <span className="small">tens / tricks</span>
              </Trans>
            </th>
            <th scope="col">
              <Trans>
                Other team <span className="small">tens / tricks</span>
              </Trans>
            </th>
            <th scope="col">
              <Trans>Result</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {s.rounds_played.map((r) => (
            <tr key={r.round}>
              <th scope="row">{r.round + 1}</th>
              <td>{r.trump ? suitName(r.trump) : t`none`}</td>
              <td>
                {r.tens[ours] ?? 0} / {r.tricks_won[ours] ?? 0}
              </td>
              <td>
                {r.tens[theirs] ?? 0} / {r.tricks_won[theirs] ?? 0}
              </td>
              <td>{roundResult(r.winner === me % 2, resultWords(r.result))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="round-list" data-testid="round-list">
        {s.rounds_played.map((r) => (
          <RoundBlock
            key={r.round}
            round={r}
            ours={ours}
            theirs={theirs}
            won={r.winner === me % 2}
          />
        ))}
      </ol>
      <p>
        <Trans>Thank you for playing. You may hand the device back now.</Trans>
      </p>
    </section>
  );
}

type Round = MendikotView["state"]["rounds_played"][number];

/** A round of the summary as a block of lines, for a screen too narrow for the table. */
function RoundBlock({
  round,
  ours,
  theirs,
  won,
}: {
  round: Round;
  ours: string;
  theirs: string;
  won: boolean;
}) {
  const { t } = useLingui();
  const trump = round.trump ? suitName(round.trump) : t`none`;
  const ourTricks = round.tricks_won[ours] ?? 0;
  const ourTens = round.tens[ours] ?? 0;
  const theirTricks = round.tricks_won[theirs] ?? 0;
  const theirTens = round.tens[theirs] ?? 0;
  return (
    <li>
      <p>
        <strong>
          {t`Round`} {round.round + 1}
        </strong>{" "}
        · {t`Trump: ${trump}`}
      </p>
      <p>
        <Trans>
          <span className="team-chip team-us">Your team</span> tricks <strong>{ourTricks}</strong>,
          tens <strong>{ourTens}</strong>
        </Trans>
      </p>
      <p>
        <Trans>
          <span className="team-chip team-them">Other team</span> tricks{" "}
          <strong>{theirTricks}</strong>, tens <strong>{theirTens}</strong>
        </Trans>
      </p>
      <p>{roundResult(won, resultWords(round.result))}</p>
    </li>
  );
}

/** A round in the summary: "won (all four tens)". */
function roundResult(won: boolean, how: string): string {
  return won ? t`won (${how})` : t`lost (${how})`;
}
