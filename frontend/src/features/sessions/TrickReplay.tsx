// On the session page, a finished Memulation game's tricks one by one, each card annotated by
// the solver: best play, or how many tricks it cost. The whole session's replay (hands,
// examination, 'Stragedy) is its own page, Replay.tsx.

import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { AnalysisDeal, AnalysisPlay } from "../../api/types";
import { Card } from "../../game/Card";
import { cardName } from "../../game/cards";
import { joinParts } from "../../i18n/format";
import { playerName } from "./names";

function playNote(play: AnalysisPlay): string | null {
  if (play.lost === null || play.lost === undefined) return null;
  const lost = play.lost;
  if (lost === 0) return t`best play`;
  return plural(lost, { one: "this card cost # trick", other: "this card cost # tricks" });
}

export function TrickReplay({
  deals,
  participantSeat,
}: {
  deals: AnalysisDeal[];
  participantSeat: number;
}) {
  const { i18n, t } = useLingui();
  const steps = deals.flatMap((deal) => deal.tricks.map((trick) => ({ deal, trick })));
  const [index, setIndex] = useState(0);
  if (steps.length === 0) return null;
  const { deal, trick } = steps[Math.min(index, steps.length - 1)];
  const costly = steps.filter((step) => step.trick.plays.some((p) => (p.lost ?? 0) > 0)).length;
  const who = (seat: number) =>
    seat === participantSeat ? t`Participant` : t`Opponent (seat ${seat})`;
  const roundNumber = deal.round + 1;
  const trickNumber = trick.trick + 1;
  const winner = who(trick.winner);
  return (
    <section className="replay card-panel" aria-labelledby="replay-title" data-testid="replay">
      <h3 id="replay-title">
        <Trans>Trick-by-trick replay</Trans>
      </h3>
      <p className="muted">{tricksSummary(steps.length, costly)}</p>
      <div className="row-actions">
        <button
          type="button"
          className="btn secondary"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
        >
          <Trans>Previous trick</Trans>
        </button>
        <span aria-live="polite" data-testid="replay-position">
          {deal.deal === 1
            ? t`Round ${roundNumber}, Old Deal, trick ${trickNumber}`
            : t`Round ${roundNumber}, New Deal, trick ${trickNumber}`}
        </span>
        <button
          type="button"
          className="btn secondary"
          onClick={() => setIndex((i) => Math.min(steps.length - 1, i + 1))}
          disabled={index >= steps.length - 1}
        >
          <Trans>Next trick</Trans>
        </button>
      </div>
      {trick.trick === 0 && deal.stragedy && <p className="hint">{stragedyLine(deal.stragedy)}</p>}
      <div className="replay-trick">
        {trick.plays.map((play, i) => {
          const note = playNote(play);
          const player = who(play.seat);
          const card = cardName(play.card);
          return (
            <figure key={i} className={`replay-play ${(play.lost ?? 0) > 0 ? "costly" : ""}`}>
              <Card card={play.card} />
              <figcaption>
                {i === 0 ? (
                  <Trans>
                    <strong>{player}</strong> led the {card}
                  </Trans>
                ) : (
                  <Trans>
                    <strong>{player}</strong> followed the {card}
                  </Trans>
                )}
                {play.actor && play.actor !== "participant" && (
                  <span className="muted"> ({playerName(i18n, play.actor)})</span>
                )}
                {note && (
                  <span className={`note ${(play.lost ?? 0) > 0 ? "bad" : "good"}`}>: {note}</span>
                )}
                {play.values && Object.keys(play.values).length > 1 && (
                  <span className="muted small"> {wouldHaveWon(play.values)}</span>
                )}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <p>
        <Trans>
          Won by <strong>{winner}</strong>.
        </Trans>
      </p>
    </section>
  );
}

function tricksSummary(count: number, costly: number): string {
  return plural(count, {
    one: `# trick; in ${costly} of them a card cost tricks against perfect play.`,
    other: `# tricks; in ${costly} of them a card cost tricks against perfect play.`,
  });
}

function stragedyLine(stragedy: Record<string, unknown>): string {
  const entries = joinParts(
    Object.entries(stragedy).map(
      ([k, v]) => `${k} ${typeof v === "string" ? v : JSON.stringify(v)}`,
    ),
  );
  return t`'Stragedy: ${entries}`;
}

function wouldHaveWon(values: Record<string, number>): string {
  const cards = joinParts(Object.entries(values).map(([c, v]) => `${c} ${v}`));
  return t`Tricks each card would have won: ${cards}`;
}
