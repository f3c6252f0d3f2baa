// The Memulation table for the participant: the cut, the examination of hands A and B, Lucky
// Duck's choice, play, the New Deal and its 'Stragedy, and the summaries.

import { useMemo, useRef, useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../../game/Card";
import { Stragedy, useStragedyChoice } from "./Stragedy";
import { Examination, ExaminationWaiting } from "./Examination";
import { LastTrick, useLastTrick } from "../table/LastTrick";
import { PlayHand } from "../table/Hand";
import { OldPiles, TrickPile } from "./Piles";
import { cardName, inPreferredOrder, sortHand } from "../../../game/cards";
import { useTrickShow } from "../recent";
import { useSettings } from "../../../game/settings";
import { examinationWait, takenOverBy } from "../TableNotices";
import { TurnClock, waitingWords } from "../table/TurnClock";
import type { MemulationView } from "../../../game/types";
import type { GameConnection } from "../useGame";
import { useDecisionClock } from "../useGame";
import { personAt } from "../../../game/seats";
import { computerWords } from "../computer";
import { MatchSummary, RoundSummary } from "./Summaries";
import { ExamFacts, PritticutBox, RevealNote, RolesPanel, ScoreBar, TrickArea } from "./TableFacts";
import { useAutoStart, useFocusNext, useSortOrders } from "./tableHooks";

// The roles' own names, the same in every language.
const LUCKY_DUCK = "Lucky Duck";
const LAME_DUCK = "Lame Duck";

export function MemulationTable({ game }: { game: GameConnection }) {
  const { t } = useLingui();
  const view = game.view as MemulationView;
  const s = view.state;
  const me = view.seat;
  const other = 1 - me;
  // At a table the other seat is a person: name them, and make no guess at what they think.
  const person = personAt(view, other);
  const { settings } = useSettings();
  const { showing, justWon } = useTrickShow(
    s.phase === "play" || s.phase === "finished" ? view : null,
    settings.trickPauseMs,
  );
  const [orders, saveOrder] = useSortOrders(view.id);
  const lucky = s.lucky_duck === me;
  const myTurn = s.to_act.includes(me) && view.status === "active";

  // -- examination --------------------------------------------------------------------------
  const exam = view.examination;
  const examCards = s.phase === "examination" ? (s.examination?.cards ?? null) : null;
  const examHand = s.examination?.hand ?? exam?.hand ?? null;
  const examKey = exam ? `${exam.round}-${exam.deal}-${exam.hand}` : null;
  const hand = exam?.hand;
  const examOrder =
    examCards && examKey ? inPreferredOrder(examCards, orders[examKey]) : (examCards ?? []);
  const waiting = s.phase === "examination" && view.status === "active" && !!exam?.waiting;
  // The game's first hand waits for the participant's Start; a later deal's hand A is started
  // by this device as soon as the page is on screen.
  const explicitStart = waiting && s.round === 0 && s.deal === 1 && exam?.hand === "A";
  useAutoStart(waiting && !explicitStart ? examKey : null, game);
  const clockRuns = s.phase === "examination" && !waiting && !!examHand && !!examCards;

  // -- the decision on show, for decision times ---------------------------------------------
  let decision: string | null = null;
  if (s.phase === "examination" && examKey) decision = `exam-${examKey}`;
  else if (s.phase === "choose_hand" && myTurn) decision = `choose-${s.round}-${s.deal}`;
  else if (s.phase === "stragedy" && myTurn) decision = `stragedy-${s.round}`;
  else if (s.phase === "play" && myTurn && !showing && s.trick)
    decision = `play-${s.round}-${s.deal}-${s.trick.number}-${s.trick.cards.length}`;
  const elapsed = useDecisionClock(decision);

  const stragedy = useStragedyChoice(s.phase);

  const handOrder = useMemo(() => {
    const cards = s.hand ?? [];
    const sorted = sortHand(cards, s.wild);
    const mine = s.hand_label ? orders[`${s.round}-${s.deal}-${s.hand_label}`] : undefined;
    return mine ? inPreferredOrder(sorted, mine) : sorted;
  }, [s.hand, s.wild, s.hand_label, s.round, s.deal, orders]);

  const led = s.trick && s.trick.cards.length > 0 ? s.trick.cards[0] : null;
  const count = handOrder.length;
  const ledName = led ? cardName(led) : null;
  const held = s.hand_label;
  const opponentCount = s.hand_counts?.[String(other)] ?? 0;
  const otherHand = held === "A" ? "B" : "A";

  const [sending, setSending] = useState<string | null>(null);
  const play = (card: string) => {
    setSending(card);
    void game
      .act({ type: "play", card }, elapsed(), { card, led, wild: s.wild, game: "memulation" })
      .finally(() => setSending(null));
  };

  // The next thing to do takes the focus when the last one went with its button (I'm ready,
  // Next, Back): the hand choice, the picker, the old tricks.
  const tableBox = useRef<HTMLDivElement>(null);
  useFocusNext(tableBox, `${s.phase}-${s.round}-${s.deal}-${stragedy.step}-${myTurn}`);

  const roundOver = view.recent.find((e) => e.type === "round_ended");
  const lastTrick = useLastTrick(view, `${s.round}-${s.deal}`);

  return (
    <div ref={tableBox} className="table memulation" data-phase={s.phase} data-deal={s.deal}>
      {/* While a hand is on show the clock and the cards have the screen: the score (0-0 in
          the Old Deal) and the roles, told on the Start screen, wait. */}
      {!clockRuns && <ScoreBar view={view} />}
      {game.refusal && (
        <div className="refusal" role="alert" data-testid="refusal" data-code={game.refusal.code}>
          <span>{game.refusal.message}</span>
          <button type="button" className="btn link" onClick={game.clearRefusal}>
            <Trans>OK</Trans>
          </button>
        </div>
      )}
      {roundOver && s.phase !== "finished" && <RoundSummary view={view} />}

      {s.phase === "examination" && (
        <>
          {clockRuns ? (
            <ExamFacts view={view} />
          ) : (
            <div className="exam-top">
              {s.deal === 1 && <RolesPanel view={view} />}
              <PritticutBox view={view} />
            </div>
          )}
          {waiting && exam ? (
            <ExaminationWaiting
              hand={exam.hand}
              deal={s.deal}
              planned={exam.planned_seconds}
              explicit={explicitStart}
              other={person}
              pending={game.pending}
              onStart={() => void game.examine({ type: "start" }, elapsed())}
            />
          ) : examHand && examCards ? (
            <Examination
              hand={examHand}
              deal={s.deal}
              cards={examOrder}
              wild={s.wild}
              secondsLeft={exam ? exam.seconds_left : null}
              clockKey={examKey}
              planned={exam?.planned_seconds ?? 0}
              ready={!!exam?.ready}
              pending={game.pending}
              onSort={(order) => {
                if (!examKey) return;
                saveOrder(examKey, order);
                void game.examine({ type: "sort", cards: order }, elapsed());
              }}
              onReady={() => void game.examine({ type: "ready" }, elapsed())}
            />
          ) : (
            <p className="big-message" role="status" data-testid="exam-next">
              {exam?.ready
                ? (examinationWait(view) ?? t`Now the choice…`)
                : exam
                  ? s.deal === 2 && exam.hand === "A"
                    ? t`New Deal: hand ${hand} comes next…`
                    : t`Hand ${hand} comes next…`
                  : t`Time is up. Now the choice…`}
            </p>
          )}
        </>
      )}

      {s.phase === "choose_hand" && (
        <section className="choice" aria-labelledby="choice-title">
          <PritticutBox view={view} />
          {lucky ? (
            <>
              <h2 id="choice-title">
                <Trans>You are Lucky Duck: choose your hand</Trans>
              </h2>
              <p className="hint">
                <Trans>
                  You looked at both hands. The hand you do not choose goes to your opponent.
                </Trans>
              </p>
              <div className="choice-buttons" data-next>
                {(["A", "B"] as const).map((hand) => (
                  <button
                    key={hand}
                    type="button"
                    className="btn primary huge"
                    disabled={game.pending}
                    data-testid={`choose-${hand}`}
                    onClick={() => void game.act({ type: "choose_hand", hand }, elapsed())}
                  >
                    <Trans>Hand {hand}</Trans>
                  </button>
                ))}
              </div>
            </>
          ) : (
            <h2 id="choice-title" role="status">
              {person
                ? t`Waiting for ${person} (Lucky Duck) to choose a hand…`
                : t`Your opponent (Lucky Duck) is choosing a hand…`}
            </h2>
          )}
        </section>
      )}

      {s.phase === "stragedy" && (
        <Stragedy
          view={view}
          game={game}
          choice={stragedy}
          myTurn={myTurn}
          person={person}
          elapsed={elapsed}
        />
      )}

      {(s.phase === "play" || s.phase === "finished") && (
        <section className="play-area" aria-label={t`The table`}>
          <div className="zone opponent-zone zone-row">
            <div>
              <div className="seat-name">
                {person ?? t`Opponent`} ({s.lucky_duck === other ? LUCKY_DUCK : LAME_DUCK})
                {computerWords(view, other) && (
                  <span className="computer-seat" data-testid="computer-seat">
                    {` · ${computerWords(view, other)}`}
                  </span>
                )}
                {s.to_act.includes(other) && (
                  <span className="to-play">
                    {" · "}
                    <Trans>to play</Trans>
                  </span>
                )}
              </div>
              <div
                className="opp-hand"
                role="img"
                aria-label={t({
                  message: plural(opponentCount, {
                    one: "Opponent holds # card",
                    other: "Opponent holds # cards",
                  }),
                })}
              >
                {Array.from({ length: s.hand_counts?.[String(other)] ?? 0 }, (_, i) => (
                  <Card key={i} faceDown decorative className="mini" />
                ))}
              </div>
            </div>
            <TrickPile
              count={s.piles[String(other)] ?? 0}
              label={t`Opponent's tricks`}
              justWon={justWon?.seat === other}
              testId="pile-opponent"
            />
          </div>

          <div className="centre">
            <PritticutBox view={view} />
            <TrickArea view={view} showing={showing} />
            {s.phase === "play" && !showing && (
              <LastTrick
                trick={lastTrick}
                name={(seat) => (seat === me ? t`You` : t`Your opponent`)}
              />
            )}
            {s.deal === 2 && s.stragedy && <RevealNote view={view} />}
          </div>

          <div className="zone my-zone">
            <div className="zone-row">
              <TrickPile
                count={s.piles[String(me)] ?? 0}
                label={t`Your tricks`}
                justWon={justWon?.seat === me}
                testId="pile-me"
              />
              {s.phase === "play" && (
                <p className="turn-line" role="status" data-testid="turn-line">
                  {showing
                    ? showing.winner === me
                      ? t`You win the trick.`
                      : t`Your opponent wins the trick.`
                    : takenOverBy(view)
                      ? t`The computer is playing for you…`
                      : myTurn
                        ? ledName
                          ? t`Your turn: answer the ${ledName}.`
                          : t`Your turn: lead a card.`
                        : person && !view.turn?.thinking.length
                          ? t`Waiting for ${person}…`
                          : waitingWords(
                              view,
                              () => person ?? t`Your opponent`,
                              t`Your opponent is playing…`,
                            )}
                </p>
              )}
              {s.hand_label && (
                <p className="held-line" data-testid="hand-held">
                  {person ? (
                    <Trans>
                      You hold hand {held}; {person} holds hand {otherHand}.
                    </Trans>
                  ) : (
                    <Trans>
                      You hold hand {held}; your opponent holds hand {otherHand}.
                    </Trans>
                  )}
                </p>
              )}
              {!showing && (
                <TurnClock
                  view={view}
                  name={(seat) =>
                    seat === me ? t`You` : (personAt(view, seat) ?? t`Your opponent`)
                  }
                />
              )}
            </div>
            {s.phase === "play" && (
              <PlayHand
                cards={handOrder}
                legal={s.legal}
                wild={s.wild}
                yourTurn={myTurn && !showing}
                disabled={game.pending || !!showing || !myTurn}
                onPlay={play}
                sending={sending}
                waiting={game.connection === "lost"}
                label={
                  held
                    ? t({
                        message: plural(count, {
                          one: `Your hand (hand ${held}), # card`,
                          other: `Your hand (hand ${held}), # cards`,
                        }),
                      })
                    : t({
                        message: plural(count, {
                          one: "Your hand, # card",
                          other: "Your hand, # cards",
                        }),
                      })
                }
              />
            )}
          </div>
          {s.deal === 2 && s.old_piles && s.phase === "play" && (
            <details className="old-piles-box">
              <summary>
                <Trans>The Old Deal's tricks (face down)</Trans>
              </summary>
              <OldPiles piles={s.old_piles} me={me} />
            </details>
          )}
        </section>
      )}

      {s.phase === "finished" && <MatchSummary view={view} />}
    </div>
  );
}
