// The participant's screen: /play/:token on a participant device, /games/:id/play on a staff
// device handed over to the participant.

import { useEffect, useMemo, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import {
  PracticeBanner,
  PracticeDone,
  PracticeIntro,
  markRulesSeen,
  rulesSeen,
} from "./rules/PracticeIntro";
import { RulesButton } from "./rules/RulesButton";
import type { TrumpRule } from "./rules/Rules";
import { transportFor } from "../../game/actionQueue";
import type { Transport } from "../../game/actionQueue";
import { refusalMessage } from "../../game/errors";
import { RecallProbeScreen } from "./probes/RecallProbeScreen";
import { MemulationTable } from "./memulation/MemulationTable";
import { MendikotTable } from "./mendikot/MendikotTable";
import { seatName } from "./mendikot/seats";
import { describeRecent } from "./recent";
import { effectiveCardSize, useSettings } from "../../game/settings";
import type { CardSize } from "../../game/settings";
import type { SeatView } from "../../game/types";
import { linkDead, useGame } from "./useGame";
import { LeaveGame } from "./device/LeaveGame";
import { useParticipantMode } from "./device/ParticipantLock";
import { enterParticipantMode, participantMode, releaseDeadLink } from "../../game/participantMode";
import { ClosedScreen, PausedScreen, TakenOverNotice } from "./TableNotices";
import { WaitingRoom } from "./waiting/WaitingRoom";
import { personAt } from "../../game/seats";
import { useSeatLanguage } from "./seatLanguage";
import { LanguagePicker } from "../../i18n/LanguagePicker";
import type { Language } from "../../i18n/languages";
import { gameName } from "../../game/names";

// The lab's own name, the same in every language.
const LAB_NAME = "Memulation Lab";

export function DevicePlayPage() {
  const { token = "" } = useParams();
  const transport = useMemo(() => transportFor({ token }), [token]);
  const language = useSeatLanguage({ token });
  return (
    <GameScreen transport={transport} joinToken={token} keepDevice onLanguage={language.change} />
  );
}

export function StaffPlayPage() {
  const { id = "" } = useParams();
  const transport = useMemo(() => transportFor({ gameId: id }), [id]);
  const language = useSeatLanguage({ gameId: id });
  return <GameScreen transport={transport} staffGameId={id} onLanguage={language.change} />;
}

export function GameScreen({
  transport,
  staffGameId,
  joinToken,
  keepDevice = false,
  onLanguage,
}: {
  transport: Transport;
  staffGameId?: string;
  /** The participant's choice of language (the page follows the seat's participant's). */
  onLanguage?: (language: Language) => void;
  /** A device link's token: at a table, the device takes its seat with it. */
  joinToken?: string;
  /** Keep the device on the link's game (participant mode) once the game is there. */
  keepDevice?: boolean;
}) {
  const game = useGame(transport);
  const { view } = game;
  const { t } = useLingui();

  const locked = !!useParticipantMode();
  // A device opened by a participant's link stays on the game once the game is there (a staff
  // device handed over keeps the game it was handed over for, and its PIN); a link that no
  // longer works keeps no device on it.
  const opened = !!view;
  const dead = linkDead(game.fatal);
  useEffect(() => {
    if (!joinToken || !keepDevice) return;
    const path = `/play/${joinToken}`;
    if (dead) releaseDeadLink(path);
    else if (opened && !participantMode()?.returnTo) void enterParticipantMode(path);
  }, [joinToken, keepDevice, opened, dead]);
  const [, setRulesRead] = useState(0);
  const practice = !!view?.practice;
  const trumpRule =
    view?.game_type === "mendikot"
      ? (view.state as { trump_rule?: TrumpRule }).trump_rule
      : undefined;
  const examinationSeconds =
    view?.game_type === "memulation"
      ? (view.state as { options?: { examination_seconds?: number } }).options?.examination_seconds
      : undefined;
  // Each new answer says what it brought, and only that: older news would read as current.
  const [news, setNews] = useState<{ version?: number; lines: string[] }>({ lines: [] });
  if (view && news.version !== view.version) {
    const name =
      view.game_type === "mendikot"
        ? (seat: number) => seatName(seat, view.seat)
        : (seat: number) => personAt(view, seat) ?? t`Your opponent`;
    setNews({ version: view.version, lines: describeRecent(view, name) });
  }

  // A table cancelled before it began was last seen waiting on this device (one ended in play
  // was last seen in play).
  const [lastOpen, setLastOpen] = useState<string | null>(null);
  if (view && view.status !== "abandoned" && view.status !== lastOpen) setLastOpen(view.status);

  const gameTitle = view ? gameName(view.game_type) : null;
  useEffect(() => {
    document.title = gameTitle ? `${gameTitle} · ${LAB_NAME}` : LAB_NAME;
  }, [gameTitle]);

  return (
    <div className="play-page">
      <a href="#table" className="skip-link">
        <Trans>Skip to the table</Trans>
      </a>
      <PlayHeader title={gameTitle ?? LAB_NAME} staffGameId={staffGameId} onLanguage={onLanguage} />
      {game.connection === "lost" && (
        <div className="connection-lost" role="alert" data-testid="connection-lost">
          <Trans>
            <strong>The connection was lost.</strong> Your move is kept and will be sent as soon as
            the connection is back. Please wait; there is no need to do anything.
          </Trans>
        </div>
      )}
      {/* The view's version, for anyone waiting on the next answer (it changes with every one). */}
      <main id="table" tabIndex={-1} data-version={view?.version}>
        {game.fatal ? (
          <div className="fatal" role="alert">
            <h1>
              <Trans>This game cannot be shown</Trans>
            </h1>
            <p>{refusalMessage(game.fatal.code)}</p>
            {staffGameId && (
              <Link to="/">
                <Trans>Back to the dashboard</Trans>
              </Link>
            )}
          </div>
        ) : !view ? (
          <p className="big-message" role="status">
            <Trans>Loading the game…</Trans>
          </p>
        ) : view.status === "waiting" ? (
          <WaitingRoom view={view} token={joinToken} onJoined={() => void game.refresh()} />
        ) : view.status === "paused" ? (
          <PausedScreen view={view} />
        ) : practice && view.status === "active" && !rulesSeen(view.id) ? (
          <PracticeIntro
            game={view.game_type}
            examinationSeconds={examinationSeconds}
            trumpRule={trumpRule}
            onBegin={() => {
              markRulesSeen(view.id);
              setRulesRead((n) => n + 1);
            }}
          />
        ) : practice && view.status !== "active" ? (
          // One ending for the practice: not the real game's summary and its "hand the device
          // back" beside it.
          <PracticeDone onBack={staffGameId && !locked ? () => window.history.back() : undefined} />
        ) : view.status === "abandoned" ? (
          <ClosedScreen view={view} cancelled={lastOpen === "waiting"} />
        ) : (
          <>
            {practice && <PracticeBanner />}
            <h1 className="sr-only">
              <Trans>{gameTitle} table</Trans>
            </h1>
            <div className="news" aria-live="polite" data-testid="news">
              {news.lines.map((line, i) => (
                <p key={`${view.version}-${i}`}>{line}</p>
              ))}
            </div>
            <TakenOverNotice view={view} onBack={game.comeBack} />
            {view.game_type === "mendikot" ? (
              <MendikotTable game={game} />
            ) : view.probe ? (
              <RecallProbeScreen game={game} probe={view.probe} />
            ) : (
              <MemulationTable game={game} />
            )}
            {/* Below the table, so that the hand and its clock keep their place on screen; not
                while a hand is on show, when the dialog would cover it as the clock runs (the
                Start screen before it has the button). */}
            {!clockRunning(view) && (
              <div className="rules-again">
                <RulesButton
                  game={view.game_type}
                  examinationSeconds={examinationSeconds}
                  trumpRule={trumpRule}
                />
              </div>
            )}
          </>
        )}
      </main>
    </div>
  );
}

/** A hand on show with its clock running (Memulation's examination, after Start). */
export function clockRunning(view: SeatView): boolean {
  return view.state.phase === "examination" && !!view.examination && !view.examination.waiting;
}

function PlayHeader({
  title,
  staffGameId,
  onLanguage,
}: {
  title: string;
  staffGameId?: string;
  /** The participant chooses the language of their screen. */
  onLanguage?: (language: Language) => void;
}) {
  const { settings, update } = useSettings();
  const mode = useParticipantMode();
  const { t } = useLingui();
  return (
    <header className="play-header">
      <div className="brand">{title}</div>
      {onLanguage && <LanguagePicker onChange={onLanguage} compact />}
      {/* Folded away until asked for: on a phone the options would push the hand off screen. */}
      <details className="display-menu">
        <summary>
          <Trans>Display</Trans>
        </summary>
        <div className="display-options" role="group" aria-label={t`Display options`}>
          <label className="toggle">
            <input
              type="checkbox"
              checked={settings.palette === "four"}
              onChange={(e) => update({ palette: e.target.checked ? "four" : "two" })}
            />
            <Trans>Four-colour cards</Trans>
          </label>
          <label className="toggle">
            <input
              type="checkbox"
              checked={settings.largePrint}
              onChange={(e) => update({ largePrint: e.target.checked })}
            />
            <Trans>Larger print</Trans>
          </label>
          <label className="toggle">
            <Trans>Cards</Trans>
            <select
              value={effectiveCardSize(settings)}
              onChange={(e) => update({ cardSize: e.target.value as CardSize })}
              data-testid="card-size"
            >
              <option value="standard" disabled={settings.largePrint}>
                {t`standard`}
              </option>
              <option value="large">{t`large`}</option>
              <option value="largest">{t`largest`}</option>
            </select>
          </label>
        </div>
      </details>
      {mode ? (
        <LeaveGame mode={mode} />
      ) : (
        staffGameId && (
          <Link className="btn link small" to="/">
            <Trans>Staff: back</Trans>
          </Link>
        )
      )}
    </header>
  );
}
