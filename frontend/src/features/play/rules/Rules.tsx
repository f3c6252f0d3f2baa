// The rules of both games in plain words, each step with a small picture drawn from the table's
// own cards. Shown before the practice round and whenever the participant asks for the rules.

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Card } from "../../../game/Card";
import { cardName, rankPlural, suitName } from "../../../game/cards";
import { wildCards, wildWords } from "../../../game/wild";
import "./practice.css";

export type TrumpRule = "turn_up" | "hidden_reveal" | "hidden_ask" | "first_void";

function Step({
  title,
  picture,
  children,
}: {
  title: string;
  picture?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rules-step" aria-label={title}>
      <h3>{title}</h3>
      <div className="rules-step-body">
        {picture && (
          <div className="rules-picture" aria-hidden="true">
            {picture}
          </div>
        )}
        <div className="rules-words">{children}</div>
      </div>
    </section>
  );
}

function Labelled({
  card,
  label,
  wild,
  trump,
  faceDown,
}: {
  card?: string;
  label: string;
  wild?: boolean;
  trump?: boolean;
  faceDown?: boolean;
}) {
  return (
    <figure className="rules-card">
      <Card
        card={card}
        wild={wild}
        trump={trump}
        faceDown={faceDown}
        className="rules-picture-card"
        decorative
      />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

// The example Pritticut of the pictures: trumps are spades, the other sevens are wild.
const PRITTICUT = "7S";

export function MemulationRules({ examinationSeconds }: { examinationSeconds?: number }) {
  const { t } = useLingui();
  const seconds = examinationSeconds ?? 30;
  const wild = wildCards(PRITTICUT);
  const pritticut = cardName(PRITTICUT);
  const trumps = suitName(PRITTICUT[1]);
  const wildList = wildWords(PRITTICUT);
  const wildRank = rankPlural(PRITTICUT[0]);
  return (
    <div className="rules" data-testid="rules-memulation">
      <Step
        title={t`What the game is`}
        picture={
          <div className="rules-row">
            <Labelled faceDown label={t`You`} />
            <Labelled faceDown label={t`Your opponent`} />
          </div>
        }
      >
        <p>
          <Trans>
            Memulation is a card game for two: you and the computer. It is a memory game. You look
            at the cards, remember them, and later use what you remember.
          </Trans>
        </p>
        <p>
          <Trans>Each trick you win is one point.</Trans>
        </p>
      </Step>

      <Step
        title={t`Lucky Duck and Lame Duck`}
        picture={
          <div className="rules-row">
            <Labelled card="QH" label={t`Lucky Duck (higher)`} />
            <Labelled card="5C" label={t`Lame Duck`} />
          </div>
        }
      >
        <p>
          <Trans>
            At the start each player draws a card. The higher card is <strong>Lucky Duck</strong>:
            Lucky Duck picks which hand to play. The other player is <strong>Lame Duck</strong>:
            Lame Duck plays the first card, and later turns up the new Pritticut (the 'Stragedy,
            below).
          </Trans>
        </p>
      </Step>

      <Step
        title={t`The examination: look, then remember`}
        picture={
          <div className="rules-row">
            <div className="rules-fan">
              {["AS", "9H", "4D"].map((c) => (
                <Card key={c} card={c} className="rules-picture-card" decorative />
              ))}
              <span className="rules-tag">{t`hand A`}</span>
            </div>
            <div className="rules-fan">
              {["KC", "2H", "TD"].map((c) => (
                <Card key={c} card={c} className="rules-picture-card" decorative />
              ))}
              <span className="rules-tag">{t`hand B`}</span>
            </div>
          </div>
        }
      >
        <p>
          <Trans>
            Two hands of 13 cards are dealt face up. First you see <strong>hand A</strong> for{" "}
            <Plural value={seconds} one="# second" other="# seconds" />, then{" "}
            <strong>hand B</strong> for <Plural value={seconds} one="# second" other="# seconds" />.
            Your opponent sees them too. Each hand is shown only once, so look carefully. You may
            move the cards around while you look, and press "I'm ready" if you have seen enough.
          </Trans>
        </p>
        <p>
          <Trans>
            Then Lucky Duck chooses hand A or hand B, and Lame Duck gets the other one. From then on
            you see only your own cards, but you remember the other hand.
          </Trans>
        </p>
      </Step>

      <Step
        title={t`The Pritticut: trumps and wild cards`}
        picture={
          <div className="rules-row">
            <Labelled card={PRITTICUT} label={t`The Pritticut`} />
            {wild.map((c) => (
              <Labelled key={c} card={c} wild label={t`wild`} />
            ))}
          </div>
        }
      >
        <p>
          <Trans>
            One card is turned face up on the <strong>Undealt</strong> (the cards left after the
            deal): the <strong>Pritticut</strong>. It decides two things.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Trumps</strong> are the Pritticut's suit. If the Pritticut is the {pritticut},
            trumps are {trumps}: a spade beats any heart, diamond or club.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Wild cards</strong> are the other three cards with the same number or face as
            the Pritticut. With the {pritticut} turned up, the wild cards are {wildList}: the other
            three {wildRank}. On the table they carry a WILD label.
          </Trans>
        </p>
        <p>
          <Trans>
            A wild card may be played at any time, and it wins the trick. If both cards of a trick
            are wild, the first one played wins.
          </Trans>
        </p>
      </Step>

      <Step
        title={t`Following suit`}
        picture={
          <div className="rules-row">
            <Labelled card="9H" label={t`led`} />
            <Labelled card="KH" label={t`wins: higher heart`} />
            <span className="rules-or">{t`or`}</span>
            <Labelled card="9H" label={t`led`} />
            <Labelled card="2S" trump label={t`wins: a trump`} />
          </div>
        }
      >
        <p>
          <Trans>
            The first card of a trick is the card <strong>led</strong>. The other player must play a
            card of the same suit if they have one (or a wild card). If they have none of that suit
            they may play any card.
          </Trans>
        </p>
        <p>
          <Trans>
            Who wins: a wild card wins. Otherwise, with two cards of the same suit the higher card
            wins (ace is highest). Otherwise a trump wins. Otherwise the card led wins.
          </Trans>
        </p>
        <p>
          <Trans>
            The winner keeps the trick face down in front of them, in the order won, and plays first
            in the next trick.
          </Trans>
        </p>
      </Step>

      <Step
        title={t`The New Deal and the 'Stragedy`}
        picture={
          <div className="rules-row">
            <Labelled faceDown label={t`trick 1`} />
            <Labelled faceDown label={t`trick 2`} />
            <Labelled card="JD" label={t`turned up`} />
            <Labelled faceDown label={t`trick 4`} />
          </div>
        }
      >
        <p>
          <Trans>
            After 13 tricks the <strong>Old Deal</strong> is over, and its tricks stay face down
            where they are. The <strong>New Deal</strong> begins: two new hands, shown for you to
            look at in the same way, and Lucky Duck chooses again.
          </Trans>
        </p>
        <p>
          <Trans>
            Then comes the <strong>'Stragedy</strong>: Lame Duck turns up one card from the
            face-down tricks of the Old Deal, from either player's tricks. That card is the new
            Pritticut: it sets the trumps and wild cards of the New Deal. First Lame Duck says which
            card they hope to find; then they point to where they think it lies. This is where your
            memory counts.
          </Trans>
        </p>
      </Step>
    </div>
  );
}

function TrumpWords({ rule }: { rule: TrumpRule }) {
  switch (rule) {
    case "turn_up":
      return (
        <p>
          <Trans>
            Before the deal one card is turned up: its suit is <strong>trumps</strong> for the whole
            round. A trump beats any card of another suit.
          </Trans>
        </p>
      );
    case "hidden_reveal":
      return (
        <p>
          <Trans>
            One player puts a card face down: its suit will be <strong>trumps</strong>, but nobody
            else knows it yet. The first time a player cannot follow suit, the card is turned up and
            trumps count from then on.
          </Trans>
        </p>
      );
    case "hidden_ask":
      return (
        <p>
          <Trans>
            One player puts a card face down: its suit will be <strong>trumps</strong>, but nobody
            else knows it yet. When you cannot follow suit you may <strong>ask for trump</strong>{" "}
            (the "Ask for trump" button): the card is turned up, trumps count from then on, and you
            must play a trump if you have one. If you do not ask, you may play any card, but it does
            not count as a trump.
          </Trans>
        </p>
      );
    case "first_void":
      return (
        <p>
          <Trans>
            There are no trumps at first. The first time a player cannot follow suit, the suit of
            the card they play becomes <strong>trumps</strong> for the rest of the round.
          </Trans>
        </p>
      );
  }
}

const TRUMP_RULES: TrumpRule[] = ["turn_up", "hidden_reveal", "hidden_ask", "first_void"];

export function MendikotRules({ trumpRule }: { trumpRule?: TrumpRule }) {
  const { t } = useLingui();
  const rules = trumpRule ? [trumpRule] : TRUMP_RULES;
  return (
    <div className="rules" data-testid="rules-mendikot">
      <Step
        title={t`Teams`}
        picture={
          <div className="rules-table-picture">
            <span className="rules-seat top">{t`Partner`}</span>
            <span className="rules-seat left">{t`Opponent`}</span>
            <span className="rules-seat right">{t`Opponent`}</span>
            <span className="rules-seat bottom">{t`You`}</span>
          </div>
        }
      >
        <p>
          <Trans>
            Mendikot is played by four: two teams of two. Your <strong>partner</strong> sits
            opposite you; the players on your left and right are the other team. Everyone gets 13
            cards.
          </Trans>
        </p>
      </Step>

      <Step
        title={t`The aim: win the tens`}
        picture={
          <div className="rules-row">
            {["TS", "TH", "TD", "TC"].map((c) => (
              <Labelled key={c} card={c} label={t`ten`} />
            ))}
          </div>
        }
      >
        <p>
          <Trans>
            Each trick has four cards, one from each player. The team that wins 3 or all 4 of the{" "}
            <strong>tens</strong> in its tricks wins the round. If each team has two tens, the team
            with more tricks (7 or more) wins.
          </Trans>
        </p>
      </Step>

      <Step
        title={t`Following suit`}
        picture={
          <div className="rules-row">
            <Labelled card="6D" label={t`led`} />
            <Labelled card="QD" label={t`follows`} />
            <Labelled card="AD" label={t`wins`} />
            <Labelled card="3D" label={t`follows`} />
          </div>
        }
      >
        <p>
          <Trans>
            The first card of a trick is the card <strong>led</strong>. Everyone must play a card of
            the same suit if they have one. If you have none, you may play any card. The highest
            card of the suit led wins (ace is highest), unless a trump was played: then the highest
            trump wins.
          </Trans>
        </p>
      </Step>

      <Step
        title={t`Trumps`}
        picture={
          <div className="rules-row">
            <Labelled faceDown label={t`hidden trump`} />
            <Labelled card="4C" trump label={t`turned up: clubs`} />
          </div>
        }
      >
        {rules.map((rule) => (
          <div key={rule}>
            <TrumpWords rule={rule} />
          </div>
        ))}
      </Step>
    </div>
  );
}

export function Rules({
  game,
  examinationSeconds,
  trumpRule,
}: {
  game: "memulation" | "mendikot";
  examinationSeconds?: number;
  trumpRule?: TrumpRule;
}) {
  return game === "mendikot" ? (
    <MendikotRules trumpRule={trumpRule} />
  ) : (
    <MemulationRules examinationSeconds={examinationSeconds} />
  );
}
