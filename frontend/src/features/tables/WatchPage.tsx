// The clinician's spectator view of a table: public information while the game runs (the trick
// on the table, tricks taken, scores, whose turn), never a hand; the whole record once it ends.

import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { Card } from "../../game/Card";
import { cardName, rankName, suitName } from "../../game/cards";
import type { MemulationState, MendikotState } from "../../game/types";
import { refusalMessage } from "../../game/errors";
import { GameRecord } from "./GameRecord";
import type { WatchView } from "../../game/tableTypes";
import { SeatsPanel } from "./WatchSeats";
import { useWatch, watchSource } from "./useWatch";
import "../../game/tables.css";

const STATUS_WORDS: Record<string, string> = {
  waiting: "Waiting for everyone to join",
  active: "In play",
  paused: "Paused by the clinician: every clock is stopped",
  finished: "Finished",
  abandoned: "Abandoned",
};

export function WatchPage() {
  const { id = "" } = useParams();
  const source = useMemo(() => watchSource(id), [id]);
  const { view, fatal, liveUp } = useWatch(source);
  if (fatal) {
    return (
      <section className="fatal" role="alert">
        <h1>This game cannot be watched</h1>
        <p>{refusalMessage(fatal.code)}</p>
        <Link to="/">Back to the participants</Link>
      </section>
    );
  }
  if (!view) {
    return (
      <p className="muted" role="status">
        Loading the game…
      </p>
    );
  }
  return <Watch view={view} liveUp={liveUp} />;
}

export function Watch({ view, liveUp }: { view: WatchView; liveUp: boolean }) {
  const game = view.game_type === "mendikot" ? "Mendikot" : "Memulation";
  const over = view.status === "finished" || view.status === "abandoned";
  const name = (seat: number) =>
    view.seats.find((s) => s.seat === seat)?.label ?? `Seat ${seat + 1}`;
  return (
    <section
      aria-labelledby="watch-title"
      className="watch-page"
      data-status={view.status}
      data-version={view.version}
      data-testid="watch-page"
    >
      <div className="page-head">
        <h1 id="watch-title">
          Watching: {game} · game {view.id}
        </h1>
        {!over && (
          <span className="muted small" data-testid="watch-live">
            {liveUp ? "live" : "updated every few seconds"}
          </span>
        )}
      </div>
      <p role="status" data-testid="watch-status">
        <strong>{STATUS_WORDS[view.status] ?? view.status}</strong>
        {!over && <WhoseTurn view={view} name={name} />}
      </p>
      {over && <FinalScore view={view} name={name} />}
      <SeatsPanel view={view} />
      {view.state.game === "memulation" ? (
        <MemulationWatch view={view} state={view.state as unknown as MemulationState} name={name} />
      ) : (
        <MendikotWatch state={view.state as unknown as MendikotState} name={name} />
      )}
      {over && view.record && <GameRecord record={view.record} name={name} />}
    </section>
  );
}

function FinalScore({ view, name }: { view: WatchView; name: (seat: number) => string }) {
  let text: string;
  if (view.state.game === "memulation") {
    const score = (view.state as unknown as MemulationState).match_score ?? {};
    text = [0, 1].map((seat) => `${name(seat)} ${score[String(seat)] ?? 0}`).join(", ");
  } else {
    const wins = (view.state as unknown as MendikotState).match_wins ?? {};
    const team = (t: number) =>
      `team ${t === 0 ? "A" : "B"} (${[t, t + 2].map(name).join(" & ")}) ${wins[String(t)] ?? 0}`;
    text = `rounds won: ${team(0)}, ${team(1)}`;
  }
  return (
    <p className="big-message" data-testid="final-score">
      Final score: {text}.
    </p>
  );
}

function WhoseTurn({ view, name }: { view: WatchView; name: (seat: number) => string }) {
  if (view.status !== "active") return null;
  const toAct = view.state.to_act ?? [];
  if (toAct.length === 0) return null;
  const phase = view.state.phase;
  const doing =
    phase === "examination"
      ? "examining"
      : phase === "choose_hand"
        ? "choosing a hand"
        : phase === "stragedy"
          ? "making the 'Stragedy"
          : phase === "hide_trump"
            ? "hiding trump"
            : "to play";
  return (
    <span data-testid="whose-turn">
      {" · "}
      {toAct.map(name).join(" and ")} {doing}
    </span>
  );
}

function MemulationWatch({
  view,
  state: s,
  name,
}: {
  view: WatchView;
  state: MemulationState;
  name: (seat: number) => string;
}) {
  const exam = view.examination;
  const deal = s.deal_scores?.[s.deal - 1] ?? s.piles ?? {};
  const trickCards = s.trick?.cards ?? [];
  return (
    <div className="watch-table" data-phase={s.phase} data-testid="watch-table">
      <dl className="readings">
        <dt>Round</dt>
        <dd>
          {s.round + 1} of {s.rounds} · {s.deal === 1 ? "Old Deal" : "New Deal"}
        </dd>
        <dt>Roles</dt>
        <dd>
          Lucky Duck {name(s.lucky_duck)}, Lame Duck {name(s.lame_duck)}
        </dd>
        <dt>Pritticut</dt>
        <dd data-testid="watch-pritticut">
          {s.pritticut
            ? `${cardName(s.pritticut)}: trump ${suitName(s.trump ?? "")}, wild ${rankName(s.wild ?? "")}`
            : "none yet"}
        </dd>
        <dt>Tricks this deal</dt>
        <dd data-testid="watch-score">
          {[0, 1].map((seat) => `${name(seat)} ${deal[String(seat)] ?? 0}`).join(", ")}
        </dd>
        <dt>Round score</dt>
        <dd>
          {[0, 1].map((seat) => `${name(seat)} ${s.round_score?.[String(seat)] ?? 0}`).join(", ")}
        </dd>
        {s.rounds > 1 && (
          <>
            <dt>Match</dt>
            <dd>
              {[0, 1]
                .map((seat) => `${name(seat)} ${s.match_score?.[String(seat)] ?? 0}`)
                .join(", ")}
            </dd>
          </>
        )}
      </dl>
      {s.phase === "examination" && exam && (
        <div className="watch-exam" data-testid="watch-exam">
          <p>
            Examination{exam.deal === 2 ? " of the New Deal" : ""}: each person studies the hands on
            their own clock. The hands are not shown while the game runs.
          </p>
          <ul>
            {exam.seats.map((clock) => (
              <li key={clock.seat} data-testid={`watch-exam-${clock.seat}`}>
                {name(clock.seat)}:{" "}
                {clock.done
                  ? "done"
                  : clock.waiting
                    ? `hand ${clock.hand}, waiting for them to start`
                    : `hand ${clock.hand}, ${Math.ceil(clock.seconds_left)} s of ${clock.planned_seconds} s left`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {s.phase === "play" && (
        <TrickOnTable
          number={s.trick?.number ?? 0}
          cards={trickCards.map((card, i) => ({
            seat: ((s.trick?.leader ?? 0) + i) % 2,
            card,
          }))}
          name={name}
        />
      )}
      {s.stragedy && (
        <p data-testid="watch-stragedy">
          'Stragedy: {name(s.lame_duck)} turned up the {cardName(s.stragedy.revealed)}.
        </p>
      )}
    </div>
  );
}

function MendikotWatch({
  state: s,
  name,
}: {
  state: MendikotState;
  name: (seat: number) => string;
}) {
  const team = (t: number) =>
    [0, 1, 2, 3]
      .filter((seat) => seat % 2 === t)
      .map(name)
      .join(" & ");
  const trump = s.trump
    ? suitName(s.trump)
    : s.trump_hidden && s.hidden_owner !== null
      ? `hidden (${name(s.hidden_owner)} holds it)`
      : "not set yet";
  return (
    <div className="watch-table" data-phase={s.phase} data-testid="watch-table">
      <dl className="readings">
        <dt>Round</dt>
        <dd>
          {s.round + 1} of {s.rounds} · dealer {name(s.dealer)}
        </dd>
        <dt>Trump</dt>
        <dd data-testid="watch-trump">{trump}</dd>
        {s.turn_up && (
          <>
            <dt>Turned up</dt>
            <dd>{cardName(s.turn_up)}</dd>
          </>
        )}
        {[0, 1].map((t) => (
          <div key={t} className="watch-team">
            <dt>
              Team {t === 0 ? "A" : "B"} ({team(t)})
            </dt>
            <dd data-testid={`watch-team-${t}`}>
              tricks {s.tricks_won?.[String(t)] ?? 0}
              {s.tens ? `, tens ${s.tens[String(t)] ?? 0}` : ""}
              {s.rounds > 1 ? `, rounds won ${s.match_wins?.[String(t)] ?? 0}` : ""}
            </dd>
          </div>
        ))}
      </dl>
      {s.phase === "play" && (
        <TrickOnTable
          number={s.trick?.number ?? 0}
          cards={(s.trick?.cards ?? []).map((c) => ({
            seat: c.seat,
            card: c.card,
            trump: c.trump,
          }))}
          name={name}
        />
      )}
    </div>
  );
}

function TrickOnTable({
  number,
  cards,
  name,
}: {
  number: number;
  cards: { seat: number; card: string; trump?: boolean }[];
  name: (seat: number) => string;
}) {
  return (
    <div
      className="watch-trick"
      role="group"
      aria-label={`Trick ${number + 1} on the table`}
      data-testid="watch-trick"
    >
      <h2>Trick {number + 1}</h2>
      {cards.length === 0 ? (
        <p className="muted">No card on the table yet.</p>
      ) : (
        <div className="watch-trick-cards">
          {cards.map((c, i) => (
            <figure key={c.card} className="trick-card">
              <Card card={c.card} trump={!!c.trump} className="mid" />
              <figcaption>
                {name(c.seat)} {i === 0 ? "led" : "followed"}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}
