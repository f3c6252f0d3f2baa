// What just happened (the view's `recent`), in words for the player, and the finished tricks to
// show face up for a moment before they are turned over onto the winner's pile.

import { useEffect, useRef, useState } from "react";
import { plural, t } from "@lingui/core/macro";
import { cardName, suitName } from "../../game/cards";
import type { SeatView } from "../../game/types";

export interface ShownTrick {
  key: string;
  leader: number;
  winner: number;
  /** Memulation: [led, followed]; Mendikot: [{seat, card}] in play order. */
  cards: { seat: number; card: string }[];
}

export function finishedTricks(view: SeatView): ShownTrick[] {
  const players = view.game_type === "mendikot" ? 4 : 2;
  return view.recent
    .filter((e) => e.type === "trick_won")
    .map((e, i) => {
      const leader = Number(e.leader);
      const raw = (e.cards as unknown[]) ?? [];
      const cards = raw.map((c, j) =>
        typeof c === "string"
          ? { seat: (leader + j) % players, card: c }
          : (c as { seat: number; card: string }),
      );
      return {
        key: `${view.version}-${i}-${String((e.deal as number | undefined) ?? "")}-${String(e.trick)}`,
        leader,
        winner: Number(e.winner),
        cards,
      };
    });
}

/** Shows each finished trick of the latest answer for ``pauseMs``, then turns it over. */
export function useTrickShow(view: SeatView | null, pauseMs: number) {
  const [showing, setShowing] = useState<ShownTrick | null>(null);
  const [justWon, setJustWon] = useState<{ seat: number; key: string } | null>(null);
  const version = view?.version;
  // The answer being rendered for the first time has not started its showing yet (that is an
  // effect, after this render): show its first trick already, or the hand would be playable
  // for one frame between the answer and the trick on show.
  const shownFor = useRef<number | undefined>(undefined);
  // eslint-disable-next-line react-hooks/refs -- which answer the effect has shown: see above
  const first = view && version !== shownFor.current ? (finishedTricks(view)[0] ?? null) : null;
  useEffect(() => {
    shownFor.current = version;
    if (!view) return;
    const tricks = finishedTricks(view);
    if (tricks.length === 0) {
      // The showing is a timed sequence each new answer starts; with no trick it ends at once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setShowing(null);
      return;
    }
    let index = 0;
    let timer = 0;
    const step = () => {
      if (index >= tricks.length) {
        setShowing(null);
        return;
      }
      const trick = tricks[index];
      setShowing(trick);
      timer = window.setTimeout(() => {
        setJustWon({ seat: trick.winner, key: trick.key });
        index += 1;
        step();
      }, pauseMs);
    };
    step();
    return () => window.clearTimeout(timer);
    // Only a new answer (a new version) starts a new showing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  useEffect(() => {
    if (!justWon) return;
    const timer = window.setTimeout(() => setJustWon(null), 900);
    return () => window.clearTimeout(timer);
  }, [justWon]);
  return { showing: first ?? showing, justWon };
}

export type SeatNamer = (seat: number) => string;

/** "your pile, trick 3, the card led" */
function positionWords(pile: number, trick: number, card: number, me: number): string {
  const number = trick + 1;
  if (pile === me) {
    return card === 0
      ? t`your pile, trick ${number}, the card led`
      : t`your pile, trick ${number}, the card that followed`;
  }
  return card === 0
    ? t`your opponent's pile, trick ${number}, the card led`
    : t`your opponent's pile, trick ${number}, the card that followed`;
}

/** Sentences for the events of the latest answer, in order. */
export function describeRecent(view: SeatView, name: SeatNamer): string[] {
  const me = view.seat;
  const out: string[] = [];
  const memulation = view.game_type === "memulation";
  for (const e of view.recent) {
    switch (e.type) {
      case "round_started": {
        const round = Number(e.round) + 1;
        if (memulation) {
          out.push(
            Number(e.lucky_duck) === me
              ? t`Round ${round} begins. You are Lucky Duck.`
              : t`Round ${round} begins. You are Lame Duck.`,
          );
        } else if (Number(e.dealer) === me) {
          out.push(t`Round ${round} begins. You dealt.`);
        } else {
          const dealer = name(Number(e.dealer));
          out.push(t`Round ${round} begins. ${dealer} dealt.`);
        }
        break;
      }
      case "hand_chosen": {
        const hand = String(e.hand);
        const other = hand === "A" ? "B" : "A";
        out.push(
          Number(e.seat) === me
            ? t`You chose hand ${hand}.`
            : t`Your opponent chose hand ${hand}, so you play hand ${other}.`,
        );
        break;
      }
      case "stragedy": {
        const pos = e.position as { pile: number; trick: number; card: number };
        const revealed = cardName(String(e.revealed));
        if (Number(e.seat) === me) {
          const intended = e.intended ? cardName(e.intended as string) : null;
          if (intended && e.hit) {
            out.push(t`You turned up the ${revealed}: it was the card you were looking for!`);
          } else if (intended) {
            out.push(
              t`You turned up the ${revealed}. It was not the ${intended} you were looking for.`,
            );
          } else {
            out.push(t`You turned up the ${revealed}.`);
          }
        } else {
          const where = positionWords(pos.pile, pos.trick, pos.card, me);
          out.push(t`Your opponent turned up the ${revealed} from ${where}.`);
        }
        out.push(t`The ${revealed} is the new Pritticut.`);
        break;
      }
      case "trump_hidden":
        if (Number(e.seat) !== me) {
          const player = name(Number(e.seat));
          out.push(t`${player} put a card face down: its suit will be trump.`);
        }
        break;
      case "trump_revealed": {
        const trump = suitName(String(e.trump));
        const card = cardName(String(e.card));
        if (Number(e.owner) === me) {
          out.push(t`Trump is ${trump}: your hidden card was the ${card}.`);
        } else {
          const owner = name(Number(e.owner));
          out.push(t`Trump is ${trump}: ${owner}'s hidden card was the ${card}.`);
        }
        break;
      }
      case "trump_fixed": {
        const trump = suitName(String(e.trump));
        out.push(t`Trump is now ${trump}.`);
        break;
      }
      case "deal_ended": {
        const won = (e.tricks_won ?? {}) as Record<string, number>;
        const mine = won[String(me)] ?? 0;
        const theirs = won[String(1 - me)] ?? 0;
        out.push(
          Number(e.deal) === 1
            ? t`The Old Deal is over: you took ${plural(mine, { one: "# trick", other: "# tricks" })}, your opponent ${theirs}.`
            : t`The New Deal is over: you took ${plural(mine, { one: "# trick", other: "# tricks" })}, your opponent ${theirs}.`,
        );
        break;
      }
      case "round_ended": {
        const round = Number(e.round) + 1;
        if (memulation) {
          const score = (e.score ?? {}) as Record<string, number>;
          const mine = score[String(me)] ?? 0;
          const theirs = score[String(1 - me)] ?? 0;
          out.push(t`Round ${round} is over: you ${mine}, your opponent ${theirs}.`);
        } else {
          const how = resultWords(String(e.result));
          out.push(
            Number(e.winner) === me % 2
              ? t`Round ${round} is over: your team won (${how}).`
              : t`Round ${round} is over: the other team won (${how}).`,
          );
        }
        break;
      }
      case "match_ended":
        out.push(t`The game is over. Thank you for playing!`);
        break;
      default:
        break;
    }
  }
  return out;
}

/** How a Mendikot round was won, in words true of a full round and of a short (practice) one. */
export function resultWords(result: string): string {
  switch (result) {
    case "whitewash":
      return t`every trick`;
    case "mendikot":
      return t`all four tens`;
    case "tens":
      return t`more tens`;
    case "tricks":
      return t`as many tens, more tricks`;
    default:
      return result;
  }
}
