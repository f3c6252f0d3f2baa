// What the Memulation table tells beside the cards: the score, the examination's facts, the
// roles, the Pritticut, the trick on the table and the 'Stragedy's reveal.

import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../../game/Card";
import { cardName, suitName } from "../../../game/cards";
import { rankPlural, wildWords } from "../../../game/wild";
import type { ShownTrick } from "../recent";
import type { MemulationView } from "../../../game/types";
import { slotWords } from "./Piles";

export function ScoreBar({ view }: { view: MemulationView }) {
  const { t } = useLingui();
  const s = view.state;
  const me = String(view.seat);
  const them = String(1 - view.seat);
  const deal = s.deal_scores[s.deal - 1] ?? s.piles;
  const round = s.round + 1;
  const rounds = s.rounds;
  const dealMine = deal?.[me] ?? s.piles[me] ?? 0;
  const dealTheirs = deal?.[them] ?? s.piles[them] ?? 0;
  const roundMine = s.round_score[me] ?? 0;
  const roundTheirs = s.round_score[them] ?? 0;
  const matchMine = s.match_score[me] ?? 0;
  const matchTheirs = s.match_score[them] ?? 0;
  return (
    <header className="score-bar" aria-label={t`Score`}>
      <div>
        <Trans>
          <span className="label">Round</span> {round} of {rounds}
        </Trans>
        {" · "}
        {s.deal === 1 ? <Trans>Old Deal (deal 1)</Trans> : <Trans>New Deal (deal 2)</Trans>}
      </div>
      <div data-testid="score">
        <Trans>
          <span className="label">This deal:</span> you <strong>{dealMine}</strong>, opponent{" "}
          <strong>{dealTheirs}</strong>
        </Trans>
        <span className="sep"> · </span>
        <Trans>
          <span className="label">Round:</span> you <strong>{roundMine}</strong>, opponent{" "}
          <strong>{roundTheirs}</strong>
        </Trans>
        {s.rounds > 1 && (
          <>
            <span className="sep"> · </span>
            <Trans>
              <span className="label">Match:</span> you <strong>{matchMine}</strong>, opponent{" "}
              <strong>{matchTheirs}</strong>
            </Trans>
          </>
        )}
      </div>
    </header>
  );
}

/** One line while the clock runs: the role, trump and the wild cards (the cards show which). */
export function ExamFacts({ view }: { view: MemulationView }) {
  const s = view.state;
  const trump = suitName(s.trump ?? "");
  const ranks = s.pritticut ? rankPlural(s.pritticut[0]) : "";
  return (
    <p className="exam-facts" data-testid="exam-facts">
      <strong>
        {s.lucky_duck === view.seat ? (
          <Trans>You are Lucky Duck</Trans>
        ) : (
          <Trans>You are Lame Duck</Trans>
        )}
      </strong>
      {" · "}
      {s.pritticut ? (
        <>
          <Trans>
            Trump: <strong>{trump}</strong>
          </Trans>
          {" · "}
          <Trans>
            Wild: <strong>the other three {ranks}</strong>
          </Trans>
        </>
      ) : (
        <Trans>No Pritticut yet</Trans>
      )}
    </p>
  );
}

export function RolesPanel({ view }: { view: MemulationView }) {
  const { t } = useLingui();
  const s = view.state;
  const lucky = s.lucky_duck === view.seat;
  const how =
    s.roles_method === "cut"
      ? lucky
        ? t`You and your opponent cut the cards: your card was higher.`
        : t`You and your opponent cut the cards: your opponent's card was higher.`
      : t`The roles are set for this round.`;
  const cuts = s.roles_method === "cut" ? (s.roles_cut ?? []) : [];
  return (
    <div className="roles" data-testid="roles">
      <div>
        <strong>
          {lucky ? <Trans>You are Lucky Duck.</Trans> : <Trans>You are Lame Duck.</Trans>}
        </strong>{" "}
        {how}{" "}
        {lucky ? (
          <Trans>After looking at both hands you choose which one to play.</Trans>
        ) : (
          <Trans>Your opponent will choose a hand; you lead the first trick.</Trans>
        )}
      </div>
      {cuts.length > 0 && (
        <div className="cut-cards" data-testid="cut-cards">
          {cuts.map((cut, i) => (
            <div
              key={i}
              className="cut"
              role="group"
              aria-label={i < cuts.length - 1 ? t`A cut of equal ranks` : t`The cut`}
            >
              {[view.seat, 1 - view.seat].map((seat) => (
                <figure key={seat} className="cut-card">
                  <Card card={cut[seat]} className="mini" />
                  <figcaption>{seat === view.seat ? t`You` : t`Opponent`}</figcaption>
                </figure>
              ))}
              {i < cuts.length - 1 && (
                <span className="muted small">
                  <Trans>equal: cut again</Trans>
                </span>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

export function PritticutBox({ view }: { view: MemulationView }) {
  const { t } = useLingui();
  const s = view.state;
  if (!s.pritticut) {
    return (
      <div className="pritticut none" data-testid="pritticut">
        <div className="pritticut-text">
          {s.lame_duck === view.seat ? (
            <Trans>No Pritticut yet: you will turn one up from the Old Deal's tricks.</Trans>
          ) : (
            <Trans>
              No Pritticut yet: your opponent will turn one up from the Old Deal's tricks.
            </Trans>
          )}
        </div>
      </div>
    );
  }
  const name = cardName(s.pritticut);
  const trump = suitName(s.trump ?? "");
  const ranks = rankPlural(s.pritticut[0]);
  const wild = wildWords(s.pritticut);
  return (
    <div className="pritticut" data-testid="pritticut">
      <Card card={s.pritticut} label={t`Pritticut: ${name}`} className="mid" />
      <div className="pritticut-text">
        <div>
          <Trans>
            <span className="label">Trump:</span> <strong>{trump}</strong>
          </Trans>
        </div>
        <div>
          <Trans>
            <span className="label">Wild:</span>{" "}
            <strong data-testid="wild-cards" title={wild}>
              the other three {ranks}
            </strong>
          </Trans>
          <span className="sr-only"> ({wild})</span>
        </div>
      </div>
    </div>
  );
}

/** Under a card on the table: who put it there ("You led", "Opponent followed"). */
function playedWords(mine: boolean, led: boolean): string {
  if (mine) return led ? t`You led` : t`You followed`;
  return led ? t`Opponent led` : t`Opponent followed`;
}

export function TrickArea({ view, showing }: { view: MemulationView; showing: ShownTrick | null }) {
  const { t } = useLingui();
  const s = view.state;
  const me = view.seat;
  if (showing) {
    return (
      <div className="trick-area showing" aria-live="polite" data-testid="trick-shown">
        {showing.cards.map((c, i) => (
          <figure key={c.card} className={`trick-card ${c.seat === me ? "mine" : "theirs"}`}>
            <Card card={c.card} wild={!!s.wild && c.card[0] === s.wild} />
            <figcaption>{playedWords(c.seat === me, i === 0)}</figcaption>
          </figure>
        ))}
        <div className="trick-winner">
          {showing.winner === me ? t`Your trick` : t`Opponent's trick`}
        </div>
      </div>
    );
  }
  const cards = s.trick?.cards ?? [];
  return (
    <div className="trick-area" role="group" aria-label={t`Cards on the table`} data-testid="trick">
      {cards.length === 0 ? (
        <div className="trick-empty">{s.phase === "play" ? t`No card on the table` : ""}</div>
      ) : (
        cards.map((card, i) => {
          const seat = ((s.trick?.leader ?? 0) + i) % 2;
          return (
            <figure key={card} className={`trick-card ${seat === me ? "mine" : "theirs"}`}>
              <Card card={card} wild={!!s.wild && card[0] === s.wild} />
              <figcaption>{playedWords(seat === me, i === 0)}</figcaption>
            </figure>
          );
        })
      )}
    </div>
  );
}

export function RevealNote({ view }: { view: MemulationView }) {
  const s = view.state;
  const st = s.stragedy!;
  const mine = s.lame_duck === view.seat;
  const hit = st.intended ? st.intended === st.revealed : null;
  const revealed = cardName(st.revealed);
  const where = slotWords(st.pile === view.seat, st.trick + 1, st.card);
  const intended = st.intended ? cardName(st.intended) : "";
  return (
    <div
      className={`reveal ${hit === true ? "hit" : hit === false ? "miss" : ""}`}
      data-testid="reveal"
    >
      {mine ? (
        <Trans>
          You turned up the <strong>{revealed}</strong> ({where}).
        </Trans>
      ) : (
        <Trans>
          Your opponent turned up the <strong>{revealed}</strong> ({where}).
        </Trans>
      )}
      {mine && st.intended && (
        <>
          {" "}
          {hit ? (
            <Trans>It was the card you were looking for!</Trans>
          ) : (
            <Trans>You were looking for the {intended}.</Trans>
          )}
        </>
      )}
    </div>
  );
}
