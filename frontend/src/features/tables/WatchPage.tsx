// The clinician's spectator view of a table: public information while the game runs (the trick
// on the table, tricks taken, scores, whose turn), never a hand; the whole record once it ends.

import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Fragment, useMemo } from "react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Card } from "../../game/Card";
import { cardName, rankName, suitName } from "../../game/cards";
import type { MemulationState, MendikotState } from "../../game/types";
import { refusalMessage } from "../../game/errors";
import { GameRecord } from "./GameRecord";
import type { WatchView } from "../../game/tableTypes";
import { SeatsPanel } from "./WatchSeats";
import { useWatch, watchSource } from "./useWatch";
import { formatList, joinParts, partSeparator } from "../../i18n/format";
import "../../game/tables.css";
import { gameName } from "../../game/names";

const STATUS_WORDS: Record<string, MessageDescriptor> = {
  waiting: msg`Waiting for everyone to join`,
  active: msg`In play`,
  paused: msg`Paused by the clinician: every clock is stopped`,
  finished: msg`Finished`,
  abandoned: msg`Abandoned`,
};

// The name of the card turned up, the same in every language.
const PRITTICUT = "Pritticut";

/** "P012 3, Clinician 1": each seat's name and its count, with the reader's comma between them.
 * Each pair is isolated: in Arabic a Latin name, its number and the next name would otherwise
 * run together left to right, the first seat on the left. */
function counts(
  seats: number[],
  name: (seat: number) => string,
  count: (seat: number) => number,
): ReactNode {
  const comma = partSeparator();
  return seats.map((seat, i) => (
    <Fragment key={seat}>
      {i > 0 && comma}
      <bdi>
        {name(seat)} {count(seat)}
      </bdi>
    </Fragment>
  ));
}

export function WatchPage() {
  const { id = "" } = useParams();
  const source = useMemo(() => watchSource(id), [id]);
  const { view, fatal, liveUp } = useWatch(source);
  if (fatal) {
    return (
      <section className="fatal" role="alert">
        <h1>
          <Trans>This game cannot be watched</Trans>
        </h1>
        <p>{refusalMessage(fatal.code)}</p>
        <Link to="/">
          <Trans>Back to the participants</Trans>
        </Link>
      </section>
    );
  }
  if (!view) {
    return (
      <p className="muted" role="status">
        <Trans>Loading the game…</Trans>
      </p>
    );
  }
  return <Watch view={view} liveUp={liveUp} />;
}

export function Watch({ view, liveUp }: { view: WatchView; liveUp: boolean }) {
  const { t } = useLingui();
  const game = gameName(view.game_type);
  const number = view.id;
  const over = view.status === "finished" || view.status === "abandoned";
  const name = (seat: number) => {
    const label = view.seats.find((s) => s.seat === seat)?.label;
    const place = seat + 1;
    return label ?? t`Seat ${place}`;
  };
  const status = view.status in STATUS_WORDS ? t(STATUS_WORDS[view.status]) : view.status;
  return (
    <section
      aria-labelledby="watch-title"
      className="watch-page"
      data-status={view.status}
      data-version={view.version}
      data-testid="watch-page"
    >
      <div className="page-head">
        <h1 id="watch-title">{t`Watching: ${game} · game ${number}`}</h1>
        {!over && (
          <span className="muted small" data-testid="watch-live">
            {liveUp ? t`live` : t`updated every few seconds`}
          </span>
        )}
      </div>
      <p role="status" data-testid="watch-status">
        <strong>{status}</strong>
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
  const { t } = useLingui();
  let text: ReactNode;
  if (view.state.game === "memulation") {
    const score = (view.state as unknown as MemulationState).match_score ?? {};
    text = counts([0, 1], name, (seat) => score[String(seat)] ?? 0);
  } else {
    const wins = (view.state as unknown as MendikotState).match_wins ?? {};
    const team = (side: number) => {
      const letter = side === 0 ? "A" : "B";
      const people = formatList([side, side + 2].map(name));
      const won = wins[String(side)] ?? 0;
      return t`team ${letter} (${people}) ${won}`;
    };
    const first = team(0);
    const second = team(1);
    text = t`rounds won: ${first}, ${second}`;
  }
  return (
    <p className="big-message" data-testid="final-score">
      <Trans>Final score: {text}.</Trans>
    </p>
  );
}

function WhoseTurn({ view, name }: { view: WatchView; name: (seat: number) => string }) {
  if (view.status !== "active") return null;
  const toAct = view.state.to_act ?? [];
  if (toAct.length === 0) return null;
  return (
    <span data-testid="whose-turn">
      {" · "}
      {doing(view.state.phase, formatList(toAct.map(name)))}
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
  const round = s.round + 1;
  const { rounds } = s;
  const lucky = name(s.lucky_duck);
  const lame = name(s.lame_duck);
  return (
    <div className="watch-table" data-phase={s.phase} data-testid="watch-table">
      <dl className="readings">
        <dt>
          <Trans>Round</Trans>
        </dt>
        <dd>
          {s.deal === 1 ? t`${round} of ${rounds} · Old Deal` : t`${round} of ${rounds} · New Deal`}
        </dd>
        <dt>
          <Trans>Roles</Trans>
        </dt>
        <dd>{t`Lucky Duck ${lucky}, Lame Duck ${lame}`}</dd>
        <dt>{PRITTICUT}</dt>
        <dd data-testid="watch-pritticut">{s.pritticut ? pritticutLine(s) : t`none yet`}</dd>
        <dt>
          <Trans>Tricks this deal</Trans>
        </dt>
        <dd data-testid="watch-score">{counts([0, 1], name, (seat) => deal[String(seat)] ?? 0)}</dd>
        <dt>
          <Trans>Round score</Trans>
        </dt>
        <dd>{counts([0, 1], name, (seat) => s.round_score?.[String(seat)] ?? 0)}</dd>
        {s.rounds > 1 && (
          <>
            <dt>
              <Trans>Match</Trans>
            </dt>
            <dd>{counts([0, 1], name, (seat) => s.match_score?.[String(seat)] ?? 0)}</dd>
          </>
        )}
      </dl>
      {s.phase === "examination" && exam && (
        <div className="watch-exam" data-testid="watch-exam">
          <p>
            {exam.deal === 2
              ? t`Examination of the New Deal: each person studies the hands on their own clock. The hands are not shown while the game runs.`
              : t`Examination: each person studies the hands on their own clock. The hands are not shown while the game runs.`}
          </p>
          <ul>
            {exam.seats.map((clock) => (
              <li key={clock.seat} data-testid={`watch-exam-${clock.seat}`}>
                <ClockLine person={name(clock.seat)} clock={clock} />
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
        <p data-testid="watch-stragedy">{stragedyLine(lame, cardName(s.stragedy.revealed))}</p>
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
  const { t } = useLingui();
  const team = (side: number) =>
    formatList([0, 1, 2, 3].filter((seat) => seat % 2 === side).map(name));
  const owner = s.hidden_owner !== null ? name(s.hidden_owner) : "";
  const trump = s.trump
    ? suitName(s.trump)
    : s.trump_hidden && s.hidden_owner !== null
      ? t`hidden (${owner} holds it)`
      : t`not set yet`;
  const round = s.round + 1;
  const { rounds } = s;
  const dealer = name(s.dealer);
  return (
    <div className="watch-table" data-phase={s.phase} data-testid="watch-table">
      <dl className="readings">
        <dt>
          <Trans>Round</Trans>
        </dt>
        <dd>{t`${round} of ${rounds} · dealer ${dealer}`}</dd>
        <dt>
          <Trans>Trump</Trans>
        </dt>
        <dd data-testid="watch-trump">{trump}</dd>
        {s.turn_up && (
          <>
            <dt>
              <Trans>Turned up</Trans>
            </dt>
            <dd>{cardName(s.turn_up)}</dd>
          </>
        )}
        {[0, 1].map((side) => (
          <div key={side} className="watch-team">
            <dt>{teamName(side, team(side))}</dt>
            <dd data-testid={`watch-team-${side}`}>{teamLine(s, side)}</dd>
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
  const { t } = useLingui();
  const trick = number + 1;
  return (
    <div
      className="watch-trick"
      role="group"
      aria-label={t`Trick ${trick} on the table`}
      data-testid="watch-trick"
    >
      <h2>{t`Trick ${trick}`}</h2>
      {cards.length === 0 ? (
        <p className="muted">
          <Trans>No card on the table yet.</Trans>
        </p>
      ) : (
        <div className="watch-trick-cards">
          {cards.map((c, i) => (
            <figure key={c.card} className="trick-card">
              <Card card={c.card} trump={!!c.trump} className="mid" />
              <figcaption>{playedLine(name(c.seat), i === 0)}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}

/** Who is to act and what they are doing, by the game's phase (its code). */
function doing(phase: string, people: string): string {
  switch (phase) {
    case "examination":
      return t`${people} examining`;
    case "choose_hand":
      return t`${people} choosing a hand`;
    case "stragedy":
      return t`${people} making the 'Stragedy`;
    case "hide_trump":
      return t`${people} hiding trump`;
    default:
      return t`${people} to play`;
  }
}

function pritticutLine(s: MemulationState): string {
  const card = cardName(s.pritticut ?? "");
  const trump = suitName(s.trump ?? "");
  const wild = rankName(s.wild ?? "");
  return t`${card}: trump ${trump}, wild ${wild}`;
}

type ExamClock = NonNullable<WatchView["examination"]>["seats"][number];

function ClockLine({ person, clock }: { person: string; clock: ExamClock }) {
  // The letter isolated: in Arabic the seconds after it would join its left-to-right run.
  const hand = <bdi>{clock.hand}</bdi>;
  const left = Math.ceil(clock.seconds_left);
  const planned = clock.planned_seconds;
  if (clock.done) return <Trans>{person}: done</Trans>;
  if (clock.waiting)
    return (
      <Trans>
        {person}: hand {hand}, waiting for them to start
      </Trans>
    );
  return (
    <Trans>
      {person}: hand {hand}, {left} s of {planned} s left
    </Trans>
  );
}

function stragedyLine(lameDuck: string, card: string): string {
  return t`'Stragedy: ${lameDuck} turned up the ${card}.`;
}

function teamName(side: number, people: string): string {
  const letter = side === 0 ? "A" : "B";
  return t`Team ${letter} (${people})`;
}

/** "tricks 4, tens 1, rounds won 2": a Mendikot team's counts. */
function teamLine(s: MendikotState, side: number): string {
  const key = String(side);
  const tricks = s.tricks_won?.[key] ?? 0;
  const parts = [t`tricks ${tricks}`];
  if (s.tens) {
    const tens = s.tens[key] ?? 0;
    parts.push(t`tens ${tens}`);
  }
  if (s.rounds > 1) {
    const won = s.match_wins?.[key] ?? 0;
    parts.push(t`rounds won ${won}`);
  }
  return joinParts(parts);
}

function playedLine(person: string, led: boolean): string {
  return led ? t`${person} led` : t`${person} followed`;
}
