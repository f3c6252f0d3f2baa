// What the Memulation table tells beside the cards: the score, the examination's facts, the
// roles, the Pritticut, the trick on the table and the 'Stragedy's reveal.

import { Card } from "../../../game/Card";
import { cardName, suitName } from "../../../game/cards";
import { rankPlural, wildWords } from "../../../game/wild";
import type { ShownTrick } from "../recent";
import type { MemulationView } from "../../../game/types";

export function ScoreBar({ view }: { view: MemulationView }) {
  const s = view.state;
  const me = String(view.seat);
  const them = String(1 - view.seat);
  const deal = s.deal_scores[s.deal - 1] ?? s.piles;
  return (
    <header className="score-bar" aria-label="Score">
      <div>
        <span className="label">Round</span> {s.round + 1} of {s.rounds} ·{" "}
        {s.deal === 1 ? "Old Deal (deal 1)" : "New Deal (deal 2)"}
      </div>
      <div data-testid="score">
        <span className="label">This deal:</span> you{" "}
        <strong>{deal?.[me] ?? s.piles[me] ?? 0}</strong>, opponent{" "}
        <strong>{deal?.[them] ?? s.piles[them] ?? 0}</strong>
        <span className="sep"> · </span>
        <span className="label">Round:</span> you <strong>{s.round_score[me] ?? 0}</strong>,
        opponent <strong>{s.round_score[them] ?? 0}</strong>
        {s.rounds > 1 && (
          <>
            <span className="sep"> · </span>
            <span className="label">Match:</span> you <strong>{s.match_score[me] ?? 0}</strong>,
            opponent <strong>{s.match_score[them] ?? 0}</strong>
          </>
        )}
      </div>
    </header>
  );
}

/** One line while the clock runs: the role, trump and the wild cards (the cards show which). */
export function ExamFacts({ view }: { view: MemulationView }) {
  const s = view.state;
  return (
    <p className="exam-facts" data-testid="exam-facts">
      <strong>{s.lucky_duck === view.seat ? "You are Lucky Duck" : "You are Lame Duck"}</strong>
      {s.pritticut ? (
        <>
          {" · "}Trump: <strong>{suitName(s.trump ?? "")}</strong>
          {" · "}Wild: <strong>the other three {rankPlural(s.pritticut[0])}</strong>
        </>
      ) : (
        " · No Pritticut yet"
      )}
    </p>
  );
}

export function RolesPanel({ view }: { view: MemulationView }) {
  const s = view.state;
  const lucky = s.lucky_duck === view.seat;
  const how =
    s.roles_method === "cut"
      ? `You and your opponent cut the cards: ${lucky ? "your card was higher" : "your opponent's card was higher"}.`
      : "The roles are set for this round.";
  const cuts = s.roles_method === "cut" ? (s.roles_cut ?? []) : [];
  return (
    <div className="roles" data-testid="roles">
      <div>
        <strong>{lucky ? "You are Lucky Duck." : "You are Lame Duck."}</strong> {how}{" "}
        {lucky
          ? "After looking at both hands you choose which one to play."
          : "Your opponent will choose a hand; you lead the first trick."}
      </div>
      {cuts.length > 0 && (
        <div className="cut-cards" data-testid="cut-cards">
          {cuts.map((cut, i) => (
            <div
              key={i}
              className="cut"
              role="group"
              aria-label={i < cuts.length - 1 ? "A cut of equal ranks" : "The cut"}
            >
              {[view.seat, 1 - view.seat].map((seat) => (
                <figure key={seat} className="cut-card">
                  <Card card={cut[seat]} className="mini" />
                  <figcaption>{seat === view.seat ? "You" : "Opponent"}</figcaption>
                </figure>
              ))}
              {i < cuts.length - 1 && <span className="muted small">equal: cut again</span>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

export function PritticutBox({ view }: { view: MemulationView }) {
  const s = view.state;
  if (!s.pritticut) {
    return (
      <div className="pritticut none" data-testid="pritticut">
        <div className="pritticut-text">
          No Pritticut yet: {s.lame_duck === view.seat ? "you" : "your opponent"} will turn one up
          from the Old Deal's tricks.
        </div>
      </div>
    );
  }
  return (
    <div className="pritticut" data-testid="pritticut">
      <Card card={s.pritticut} label={`Pritticut: ${cardName(s.pritticut)}`} className="mid" />
      <div className="pritticut-text">
        <div>
          <span className="label">Trump:</span> <strong>{suitName(s.trump ?? "")}</strong>
        </div>
        <div>
          <span className="label">Wild:</span>{" "}
          <strong data-testid="wild-cards" title={wildWords(s.pritticut)}>
            the other three {rankPlural(s.pritticut[0])}
          </strong>
          <span className="sr-only"> ({wildWords(s.pritticut)})</span>
        </div>
      </div>
    </div>
  );
}

export function TrickArea({ view, showing }: { view: MemulationView; showing: ShownTrick | null }) {
  const s = view.state;
  const me = view.seat;
  if (showing) {
    return (
      <div className="trick-area showing" aria-live="polite" data-testid="trick-shown">
        {showing.cards.map((c, i) => (
          <figure key={c.card} className={`trick-card ${c.seat === me ? "mine" : "theirs"}`}>
            <Card card={c.card} wild={!!s.wild && c.card[0] === s.wild} />
            <figcaption>
              {c.seat === me ? "You" : "Opponent"} {i === 0 ? "led" : "followed"}
            </figcaption>
          </figure>
        ))}
        <div className="trick-winner">
          {showing.winner === me ? "Your trick" : "Opponent's trick"}
        </div>
      </div>
    );
  }
  const cards = s.trick?.cards ?? [];
  return (
    <div className="trick-area" role="group" aria-label="Cards on the table" data-testid="trick">
      {cards.length === 0 ? (
        <div className="trick-empty">{s.phase === "play" ? "No card on the table" : ""}</div>
      ) : (
        cards.map((card, i) => {
          const seat = ((s.trick?.leader ?? 0) + i) % 2;
          return (
            <figure key={card} className={`trick-card ${seat === me ? "mine" : "theirs"}`}>
              <Card card={card} wild={!!s.wild && card[0] === s.wild} />
              <figcaption>
                {seat === me ? "You" : "Opponent"} {i === 0 ? "led" : "followed"}
              </figcaption>
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
  return (
    <div
      className={`reveal ${hit === true ? "hit" : hit === false ? "miss" : ""}`}
      data-testid="reveal"
    >
      {mine ? "You" : "Your opponent"} turned up the <strong>{cardName(st.revealed)}</strong> (
      {st.pile === view.seat ? "your" : "opponent's"} trick {st.trick + 1},{" "}
      {st.card === 0 ? "card led" : "card that followed"}).
      {mine && st.intended && (
        <>
          {" "}
          {hit
            ? "It was the card you were looking for!"
            : `You were looking for the ${cardName(st.intended)}.`}
        </>
      )}
    </div>
  );
}
