// The Mendikot table: four seats, partners opposite, team colours, the hidden trump card face up
// for its owner only, the ask-for-trump button, tens per team. The seats' words, the trump
// indicator, the trick and the end-of-game summary are in files of their own beside it.

import { useMemo, useState } from "react";
import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../../game/Card";
import { PlayHand } from "../table/Hand";
import { LastTrick, useLastTrick } from "../table/LastTrick";
import { cardName, parseCard, sortHand, suitName } from "../../../game/cards";
import { finishedTricks, resultWords, useTrickShow } from "../recent";
import { useSettings } from "../../../game/settings";
import { TurnClock, waitingWords } from "../table/TurnClock";
import type { MendikotView } from "../../../game/types";
import type { GameConnection } from "../useGame";
import { useDecisionClock } from "../useGame";
import { personAt, waitingFor } from "../../../game/seats";
import { computerWords } from "../computer";
import { MendikotSummary } from "./MendikotSummary";
import { MendikotTrick } from "./MendikotTrick";
import { seatName, seatPlace } from "./seats";
import { TrumpIndicator } from "./TrumpIndicator";

/** Tens per team in this round: from the view when it has them, else counted from the tricks
 * this device saw finish. */
function useTens(view: MendikotView): Record<string, number> {
  const round = view.state.round;
  const [seen, setSeen] = useState<{
    round: number;
    tens: Record<string, number>;
    versions: Set<number>;
  }>({ round, tens: { "0": 0, "1": 0 }, versions: new Set() });
  let counted = seen;
  if (counted.round !== round) counted = { round, tens: { "0": 0, "1": 0 }, versions: new Set() };
  if (!counted.versions.has(view.version)) {
    // Count each answer's tricks once, while rendering.
    const tens = { ...counted.tens };
    for (const trick of finishedTricks(view)) {
      const team = String(trick.winner % 2);
      tens[team] = (tens[team] ?? 0) + trick.cards.filter((c) => c.card[0] === "T").length;
    }
    counted = { round, tens, versions: new Set(counted.versions).add(view.version) };
  }
  if (counted !== seen) setSeen(counted);
  return view.state.tens ?? counted.tens;
}

export function MendikotTable({ game }: { game: GameConnection }) {
  const { t } = useLingui();
  const view = game.view as MendikotView;
  const s = view.state;
  const me = view.seat;
  const { settings } = useSettings();
  const { showing, justWon } = useTrickShow(view, settings.trickPauseMs);
  const tens = useTens(view);
  const myTurn = s.to_act.includes(me) && view.status === "active";
  const myTeam = String(me % 2);
  const otherTeam = String((me + 1) % 2);
  const led = s.trick && s.trick.cards.length > 0 ? s.trick.cards[0].card : null;
  const ledName = led ? cardName(led) : null;
  const trump = s.trump ? suitName(s.trump) : null;
  const [asked, setAsked] = useState(false);
  // A new trick forgets the ask (set while rendering, not after).
  const [askTrick, setAskTrick] = useState(s.trick?.number);
  if (askTrick !== s.trick?.number) {
    setAskTrick(s.trick?.number);
    setAsked(false);
  }
  // After an ask the same seat plays on, now bound to trump if it holds one.
  const askedNow =
    myTurn &&
    !!s.trump &&
    (asked || (s.trump_revealed?.seat === me && s.trump_revealed?.trick === s.trick?.number));

  let decision: string | null = null;
  if (s.phase === "hide_trump" && myTurn) decision = `hide-${s.round}`;
  else if (s.phase === "play" && myTurn && !showing && s.trick)
    decision = `play-${s.round}-${s.trick.number}-${s.trick.cards.length}-${asked}`;
  const elapsed = useDecisionClock(decision);

  const hand = useMemo(() => sortHand(s.hand), [s.hand]);
  const count = hand.length;
  const hiddenName = s.hidden_trump ? cardName(s.hidden_trump) : "";
  const hiddenSuit = s.hidden_trump ? suitName(parseCard(s.hidden_trump).suit) : "";
  const hiding = s.phase === "hide_trump" && myTurn;

  const [sending, setSending] = useState<string | null>(null);
  const play = (card: string) => {
    setSending(card);
    const sent = hiding
      ? game.act({ type: "hide_trump", card }, elapsed())
      : game.act({ type: "play", card }, elapsed(), {
          card,
          led,
          trump: s.trump,
          game: "mendikot",
        });
    void sent.finally(() => setSending(null));
  };

  const ask = async () => {
    const ok = await game.act({ type: "ask_trump" }, elapsed());
    if (ok) setAsked(true);
  };

  const lastRound = view.recent.find((e) => e.type === "round_ended");
  const round = s.round + 1;
  const rounds = s.rounds;
  const ourTricks = s.tricks_won[myTeam] ?? 0;
  const theirTricks = s.tricks_won[otherTeam] ?? 0;
  const ourTens = tens[myTeam] ?? 0;
  const theirTens = tens[otherTeam] ?? 0;
  const ourWins = s.match_wins[myTeam] ?? 0;
  const theirWins = s.match_wins[otherTeam] ?? 0;
  const lastNumber = lastRound ? Number(lastRound.round) + 1 : 0;
  const lastHow = lastRound ? resultWords(String(lastRound.result)) : "";
  const lastTrick = useLastTrick(view, String(s.round));

  return (
    <div className="table mendikot" data-phase={s.phase}>
      <header className="score-bar" aria-label={t`Score`}>
        <div>
          <Trans>
            <span className="label">Round</span> {round} of {rounds}
          </Trans>
        </div>
        <div data-testid="score">
          <Trans>
            <span className="team-chip team-us">Your team</span> tricks <strong>{ourTricks}</strong>
            , tens <strong data-testid="tens-us">{ourTens}</strong>
          </Trans>
          <span className="sep"> · </span>
          <Trans>
            <span className="team-chip team-them">Other team</span> tricks{" "}
            <strong>{theirTricks}</strong>, tens{" "}
            <strong data-testid="tens-them">{theirTens}</strong>
          </Trans>
          {s.rounds > 1 && (
            <>
              <span className="sep"> · </span>
              <Trans>
                <span className="label">Rounds won:</span> {ourWins}–{theirWins}
              </Trans>
            </>
          )}
        </div>
      </header>
      {game.refusal && (
        <div className="refusal" role="alert" data-testid="refusal" data-code={game.refusal.code}>
          <span>{game.refusal.message}</span>
          <button type="button" className="btn link" onClick={game.clearRefusal}>
            <Trans>OK</Trans>
          </button>
        </div>
      )}
      {lastRound && s.phase !== "finished" && (
        <div className="summary-banner" role="status">
          {Number(lastRound.winner) === me % 2 ? (
            <Trans>
              Round {lastNumber}: your team won ({lastHow}).
            </Trans>
          ) : (
            <Trans>
              Round {lastNumber}: the other team won ({lastHow}).
            </Trans>
          )}
        </div>
      )}

      <div className="mendikot-grid">
        {[1, 2, 3].map((offset) => {
          const seat = (me + offset) % 4;
          const place = seatPlace(seat, me);
          const team = seat % 2 === me % 2 ? "us" : "them";
          return (
            <div key={seat} className={`seat seat-${place} team-${team}`} data-seat={seat}>
              <div className="seat-name">
                <span className={`team-dot team-${team}`} aria-hidden="true" />
                {seatName(seat, me)}
                {personAt(view, seat) && ` (${personAt(view, seat)})`}
                {computerWords(view, seat) && (
                  <span className="computer-seat" data-testid="computer-seat">
                    {` · ${computerWords(view, seat)}`}
                  </span>
                )}
                <span className="sr-only"> {team === "us" ? t`(your team)` : t`(other team)`}</span>
                {s.dealer === seat && (
                  <span className="badge">
                    <Trans>dealer</Trans>
                  </span>
                )}
                {s.to_act.includes(seat) && (
                  <span className="to-play">
                    {" · "}
                    <Trans>to play</Trans>
                  </span>
                )}
              </div>
              <div
                className="opp-hand"
                role="img"
                aria-label={cardCount(s.hand_counts[String(seat)] ?? 0)}
              >
                {Array.from({ length: s.hand_counts[String(seat)] ?? 0 }, (_, i) => (
                  <Card key={i} faceDown decorative className="mini" />
                ))}
              </div>
              {s.trump_hidden && s.hidden_owner === seat && (
                <div className="hidden-trump-marker">
                  <Card faceDown decorative className="mini" />{" "}
                  <Trans>holds the hidden trump</Trans>
                </div>
              )}
              {justWon && justWon.seat === seat && (
                <div className="took">
                  <Trans>took the trick</Trans>
                </div>
              )}
            </div>
          );
        })}
        <div className="centre seat-centre">
          <TrumpIndicator view={view} />
          <MendikotTrick view={view} showing={showing} />
          {s.phase === "play" && !showing && (
            <LastTrick trick={lastTrick} name={(seat) => seatName(seat, me)} />
          )}
        </div>
      </div>

      <div className={`zone my-zone team-us`}>
        <div className="seat-name">
          <span className="team-dot team-us" aria-hidden="true" /> <Trans>You</Trans>
          {s.dealer === me && (
            <span className="badge">
              <Trans>dealer</Trans>
            </span>
          )}
          {justWon?.seat === me && (
            <span className="took">
              {" "}
              <Trans>took the trick</Trans>
            </span>
          )}
        </div>
        {s.hidden_trump && (
          <div className="own-hidden" data-testid="own-hidden-trump">
            <Card
              card={s.hidden_trump}
              className="mid"
              label={t`Your hidden trump card: ${hiddenName}`}
            />
            <span>
              <Trans>
                Your hidden card: trump will be <strong>{hiddenSuit}</strong>. Only you can see it.
              </Trans>
            </span>
          </div>
        )}
        {s.phase !== "finished" && (
          <p className="turn-line" role="status" data-testid="turn-line">
            {showing
              ? takesWords(showing.winner, me)
              : hiding
                ? t`Choose a card to hide face down. Its suit will be trump.`
                : askedNow && trump
                  ? s.legal.length > 0 && s.legal.every((c) => parseCard(c).suit === s.trump)
                    ? t`Trump is ${trump}: play one of your ${trump}.`
                    : t`Trump is ${trump} and you hold none: play any card.`
                  : myTurn
                    ? ledName
                      ? t`Your turn: follow the ${ledName} if you can.`
                      : t`Your turn: lead a card.`
                    : ((view.turn?.thinking.length ? null : waitingFor(view, s.to_act)) ??
                      waitingWords(view, (seat) => seatName(seat, me), t`The others are playing…`))}
          </p>
        )}
        {!showing && <TurnClock view={view} name={(seat) => seatName(seat, me)} />}
        {s.can_ask && myTurn && !showing && (
          <button
            type="button"
            className="btn primary big ask"
            disabled={game.pending}
            data-testid="ask-trump"
            onClick={() => void ask()}
          >
            <Trans>Ask for trump</Trans>
          </button>
        )}
        {s.phase !== "finished" && (
          <PlayHand
            cards={hand}
            legal={hiding ? s.hand : s.legal}
            yourTurn={myTurn && !showing}
            disabled={game.pending || !!showing || !myTurn}
            onPlay={play}
            sending={sending}
            waiting={game.connection === "lost"}
            actionWord={hiding ? "hide" : "play"}
            label={t({
              message: plural(count, {
                one: "Your hand, # card",
                other: "Your hand, # cards",
              }),
            })}
          />
        )}
      </div>

      {s.phase === "finished" && <MendikotSummary view={view} />}
    </div>
  );
}

/** "Partner takes the trick.", "You take the trick." */
function takesWords(winner: number, me: number): string {
  if (winner === me) return t`You take the trick.`;
  const name = seatName(winner, me);
  return t`${name} takes the trick.`;
}

/** "3 cards" in another seat's hand, as a screen reader says it. */
function cardCount(count: number): string {
  return plural(count, { one: "# card", other: "# cards" });
}
