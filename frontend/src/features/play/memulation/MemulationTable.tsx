// The Memulation table for the participant: the cut, the examination of hands A and B, Lucky
// Duck's choice, play, the New Deal and its 'Stragedy, and the summaries.

import { useEffect, useMemo, useRef, useState } from "react";
import type { RefObject } from "react";
import { focusGroup } from "../table/roving";
import { Card } from "../../../game/Card";
import { CardPicker } from "./CardPicker";
import { useCountdown } from "../table/Countdown";
import { Examination, ExaminationWaiting } from "./Examination";
import { LastTrick, useLastTrick } from "../table/LastTrick";
import { PlayHand } from "../table/Hand";
import { OldPiles, TrickPile, positionWords } from "./Piles";
import type { OldPosition } from "./Piles";
import { cardName, inPreferredOrder, sortHand, suitName } from "../../../game/cards";
import { rankPlural, wildWords } from "../../../game/wild";
import { useTrickShow } from "../recent";
import type { ShownTrick } from "../recent";
import { useSettings } from "../../../game/settings";
import { examinationWait, takenOverBy } from "../TableNotices";
import { TurnClock, waitingWords } from "../table/TurnClock";
import type { MemulationView } from "../../../game/types";
import type { GameConnection } from "../useGame";
import { useDecisionClock } from "../useGame";
import { personAt } from "../../../game/seats";
import { computerWords } from "../computer";

function useSortOrders(gameId: number) {
  const key = `memulation.sorts.${gameId}`;
  const [orders, setOrders] = useState<Record<string, string[]>>(() => {
    try {
      return JSON.parse(window.sessionStorage.getItem(key) ?? "{}") as Record<string, string[]>;
    } catch {
      return {};
    }
  });
  const save = (hand: string, order: string[]) => {
    setOrders((old) => {
      const next = { ...old, [hand]: order };
      try {
        window.sessionStorage.setItem(key, JSON.stringify(next));
      } catch {
        // ignore
      }
      return next;
    });
  };
  return [orders, save] as const;
}

export function MemulationTable({ game }: { game: GameConnection }) {
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
  const left = useCountdown(exam && examCards ? exam.seconds_left : null, examKey);
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

  // -- the 'Stragedy ------------------------------------------------------------------------
  const [intended, setIntended] = useState<string | null>(null);
  const [position, setPosition] = useState<OldPosition | null>(null);
  const [stragedyStep, setStragedyStep] = useState<"name" | "pick">("name");
  const wantsIntent = s.options?.stragedy_intent !== false;
  // Leaving the 'Stragedy forgets what was chosen in it (set while rendering, not after).
  const [phase, setPhase] = useState(s.phase);
  if (phase !== s.phase) {
    setPhase(s.phase);
    if (s.phase !== "stragedy") {
      setIntended(null);
      setPosition(null);
      setStragedyStep("name");
    }
  }

  const handOrder = useMemo(() => {
    const cards = s.hand ?? [];
    const sorted = sortHand(cards, s.wild);
    const mine = s.hand_label ? orders[`${s.round}-${s.deal}-${s.hand_label}`] : undefined;
    return mine ? inPreferredOrder(sorted, mine) : sorted;
  }, [s.hand, s.wild, s.hand_label, s.round, s.deal, orders]);

  const led = s.trick && s.trick.cards.length > 0 ? s.trick.cards[0] : null;

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
  useFocusNext(tableBox, `${s.phase}-${s.round}-${s.deal}-${stragedyStep}-${myTurn}`);

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
            OK
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
              left={left}
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
                ? (examinationWait(view) ?? "Now the choice…")
                : exam
                  ? `${s.deal === 2 && exam.hand === "A" ? "New Deal: hand" : "Hand"} ${exam.hand} comes next…`
                  : "Time is up. Now the choice…"}
            </p>
          )}
        </>
      )}

      {s.phase === "choose_hand" && (
        <section className="choice" aria-labelledby="choice-title">
          <PritticutBox view={view} />
          {lucky ? (
            <>
              <h2 id="choice-title">You are Lucky Duck: choose your hand</h2>
              <p className="hint">
                You looked at both hands. The hand you do not choose goes to your opponent.
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
                    Hand {hand}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <h2 id="choice-title" role="status">
              {person
                ? `Waiting for ${person} (Lucky Duck) to choose a hand…`
                : "Your opponent (Lucky Duck) is choosing a hand…"}
            </h2>
          )}
        </section>
      )}

      {s.phase === "stragedy" && (
        <section className="stragedy" aria-labelledby="stragedy-title">
          {myTurn ? (
            <>
              <h2 id="stragedy-title">The 'Stragedy</h2>
              {wantsIntent && stragedyStep === "name" ? (
                <>
                  <p className="hint">
                    <strong>Step 1 of 2.</strong> Which card do you want to turn up from the Old
                    Deal's tricks? Its suit will be trump and its rank wild. Name it here.
                  </p>
                  <div data-next>
                    <CardPicker
                      value={intended}
                      onChange={setIntended}
                      label="The card you want to find"
                    />
                  </div>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn primary big"
                      disabled={!intended}
                      data-testid="intended-next"
                      onClick={() => setStragedyStep("pick")}
                    >
                      {intended ? `Next: find the ${cardName(intended)}` : "Choose a card first"}
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <p className="hint">
                    <strong>{wantsIntent ? "Step 2 of 2. " : ""}</strong>
                    {intended ? `Where is the ${cardName(intended)}? ` : ""}Pick one face-down card
                    from either pile: the card led or the card that followed in a trick.
                  </p>
                  {s.old_piles && (
                    <div data-next>
                      <OldPiles
                        piles={s.old_piles}
                        me={me}
                        selectable
                        chosen={position}
                        onPick={setPosition}
                      />
                    </div>
                  )}
                  <p className="chosen-line" role="status" data-testid="stragedy-chosen">
                    {position ? `Chosen: ${positionWords(position, me)}.` : "No card chosen yet."}
                  </p>
                  <div className="row-actions">
                    {wantsIntent && (
                      <button
                        type="button"
                        className="btn secondary"
                        onClick={() => setStragedyStep("name")}
                      >
                        Back
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn primary big"
                      disabled={!position || game.pending}
                      data-testid="turn-up"
                      onClick={() => {
                        if (!position) return;
                        void game.act(
                          {
                            type: "stragedy",
                            pile: position.pile,
                            trick: position.trick,
                            card: position.card,
                            ...(wantsIntent && intended ? { intended } : {}),
                          },
                          elapsed(),
                        );
                      }}
                    >
                      Turn this card up
                    </button>
                  </div>
                </>
              )}
            </>
          ) : (
            <h2 id="stragedy-title" role="status">
              {person
                ? `Waiting for ${person} to turn up a card from the Old Deal's tricks…`
                : "Your opponent is choosing a card from the Old Deal's tricks…"}
            </h2>
          )}
        </section>
      )}

      {(s.phase === "play" || s.phase === "finished") && (
        <section className="play-area" aria-label="The table">
          <div className="zone opponent-zone zone-row">
            <div>
              <div className="seat-name">
                {person ?? "Opponent"} ({s.lucky_duck === other ? "Lucky Duck" : "Lame Duck"})
                {computerWords(view, other) && (
                  <span className="computer-seat" data-testid="computer-seat">
                    {` · ${computerWords(view, other)}`}
                  </span>
                )}
                {s.to_act.includes(other) && <span className="to-play"> · to play</span>}
              </div>
              <div
                className="opp-hand"
                role="img"
                aria-label={`Opponent holds ${s.hand_counts?.[String(other)] ?? 0} cards`}
              >
                {Array.from({ length: s.hand_counts?.[String(other)] ?? 0 }, (_, i) => (
                  <Card key={i} faceDown decorative className="mini" />
                ))}
              </div>
            </div>
            <TrickPile
              count={s.piles[String(other)] ?? 0}
              label="Opponent's tricks"
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
                name={(seat) => (seat === me ? "You" : "Your opponent")}
              />
            )}
            {s.deal === 2 && s.stragedy && <RevealNote view={view} />}
          </div>

          <div className="zone my-zone">
            <div className="zone-row">
              <TrickPile
                count={s.piles[String(me)] ?? 0}
                label="Your tricks"
                justWon={justWon?.seat === me}
                testId="pile-me"
              />
              {s.phase === "play" && (
                <p className="turn-line" role="status" data-testid="turn-line">
                  {showing
                    ? showing.winner === me
                      ? "You win the trick."
                      : "Your opponent wins the trick."
                    : takenOverBy(view)
                      ? "The computer is playing for you…"
                      : myTurn
                        ? led
                          ? `Your turn: answer the ${cardName(led)}.`
                          : "Your turn: lead a card."
                        : person && !view.turn?.thinking.length
                          ? `Waiting for ${person}…`
                          : waitingWords(
                              view,
                              () => person ?? "Your opponent",
                              "Your opponent is playing…",
                            )}
                </p>
              )}
              {s.hand_label && (
                <p className="held-line" data-testid="hand-held">
                  You hold hand {s.hand_label}; {person ?? "your opponent"} holds hand{" "}
                  {s.hand_label === "A" ? "B" : "A"}.
                </p>
              )}
              {!showing && (
                <TurnClock
                  view={view}
                  name={(seat) => (seat === me ? "You" : (personAt(view, seat) ?? "Your opponent"))}
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
                label={`Your hand${s.hand_label ? ` (hand ${s.hand_label})` : ""}, ${handOrder.length} cards`}
              />
            )}
          </div>
          {s.deal === 2 && s.old_piles && s.phase === "play" && (
            <details className="old-piles-box">
              <summary>The Old Deal's tricks (face down)</summary>
              <OldPiles piles={s.old_piles} me={me} />
            </details>
          )}
        </section>
      )}

      {s.phase === "finished" && <MatchSummary view={view} />}
    </div>
  );
}

/** When ``key`` changes and the focus was lost (its button went), focus the table's
 * ``[data-next]``: a button, or the tab stop of a group of buttons. */
function useFocusNext(box: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    const next = box.current?.querySelector<HTMLElement>("[data-next]");
    if (!next) return;
    if (next instanceof HTMLButtonElement) next.focus({ preventScroll: true });
    else focusGroup(next);
  }, [box, key]);
}

/** Say "start" once for the waiting hand ``key``, when the page is on screen. */
function useAutoStart(key: string | null, game: GameConnection) {
  const sent = useRef<string | null>(null);
  const { examine } = game;
  useEffect(() => {
    if (!key) return;
    const shown = performance.now();
    const go = () => {
      if (document.visibilityState === "hidden" || sent.current === key) return;
      sent.current = key;
      void examine({ type: "start" }, performance.now() - shown);
    };
    go();
    document.addEventListener("visibilitychange", go);
    return () => document.removeEventListener("visibilitychange", go);
  }, [key, examine]);
}

function ScoreBar({ view }: { view: MemulationView }) {
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
function ExamFacts({ view }: { view: MemulationView }) {
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

function RolesPanel({ view }: { view: MemulationView }) {
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

function PritticutBox({ view }: { view: MemulationView }) {
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

function TrickArea({ view, showing }: { view: MemulationView; showing: ShownTrick | null }) {
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

function RevealNote({ view }: { view: MemulationView }) {
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

function RoundSummary({ view }: { view: MemulationView }) {
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

function MatchSummary({ view }: { view: MemulationView }) {
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
