// One session: its games, handing the device over or showing the single-game link as a QR code,
// and, once played, the session's metrics and a trick-by-trick replay annotated by the solver.

import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type {
  AnalysisDeal,
  AnalysisPlay,
  PlayLink,
  ProtocolSnapshot,
  SessionAnalysis,
} from "../../api/types";
import { Card } from "../../game/Card";
import { cardName } from "../../game/cards";
import { enterParticipantMode, validPin } from "../../game/participantMode";
import { PracticeOffer } from "./PracticeOffer";
import { GameLinks } from "../../game/GameLinks";
import { practiceKey, practiceState } from "../../api/practice";
import { ErrorNote, Loading, errorText, formatDate, formatValue } from "../../ui/widgets";
import { gameName, statusName } from "../../game/names";
import { playerName } from "./names";
import {
  getAnalysis,
  getCatalogue,
  abandonSession,
  getSession,
  issuePlayLink,
  listSessionGames,
  startSessionGame,
} from "../../api/sessions";

// Until the metrics' catalogue (in the reader's language, from the server) has come.
const METRIC_LABELS: Record<string, [MessageDescriptor, string]> = {
  recall_hit: [msg`'Stragedy hit rate`, "proportion"],
  recall_position_error: [msg`'Stragedy position error`, "slots"],
  optimal_play_rate: [msg`Optimal plays`, "proportion"],
  decision_time_median_ms: [msg`Median decision time`, "ms"],
  examination_time_used: [msg`Examination time used`, "proportion"],
};

function useCatalogue() {
  return useQuery({
    queryKey: ["catalogue"],
    queryFn: getCatalogue,
    staleTime: Infinity,
    retry: false,
  });
}

function MetricsTable({
  caption,
  values,
  testId,
}: {
  caption: string;
  values: Record<string, number | null>;
  testId?: string;
}) {
  const { i18n } = useLingui();
  const catalogue = useCatalogue().data?.metrics ?? [];
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  const describe = (key: string): [string, string] => {
    const known = catalogue.find((m) => m.key === key);
    if (known) return [known.label, known.unit];
    const fallback = METRIC_LABELS[key];
    return fallback ? [i18n._(fallback[0]), fallback[1]] : [key, ""];
  };
  return (
    <table className="data-table metrics-table" data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {entries.map(([key, value]) => {
          const [label, unit] = describe(key);
          return (
            <tr key={key} data-metric={key}>
              <th scope="row">{label}</th>
              <td>{formatValue(value, unit)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function hasMetrics(data: SessionAnalysis | undefined): boolean {
  return (
    !!data &&
    data.games.length > 0 &&
    data.games.every((g) => Object.keys(g.metrics ?? {}).length > 0)
  );
}

export function SessionPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const client = useQueryClient();
  const session = useQuery({
    queryKey: ["session", id],
    queryFn: () => getSession(id),
  });
  const games = useQuery({
    queryKey: ["session-games", id],
    queryFn: () => listSessionGames(id),
    refetchInterval: (q) =>
      (q.state.data ?? []).some((g) => g.status === "active") ? 5000 : false,
  });
  // A practice round is played but never measured: the results wait for the real game.
  const finished = (games.data ?? []).some((g) => g.status === "finished" && !g.practice);
  const realGameBegun = (games.data ?? []).some((g) => !g.practice);
  const analysis = useQuery({
    queryKey: ["analysis", id],
    queryFn: () => getAnalysis(id),
    enabled: finished,
    retry: false,
    // The metrics are computed by a background job after the game ends.
    refetchInterval: (q) => (hasMetrics(q.state.data) ? false : 3000),
  });
  const startGame = useMutation({
    mutationFn: () => startSessionGame(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["session-games", id] });
      void client.invalidateQueries({ queryKey: practiceKey(id) });
    },
  });
  const practice = useQuery({
    queryKey: practiceKey(id),
    queryFn: () => practiceState(id),
    retry: false,
  });
  const practiceOffered = !!practice.data?.offered;

  if (session.isLoading) return <Loading />;
  if (!session.data) return <ErrorNote error={session.error} what={t`This session`} />;
  const s = session.data;
  const snapshot = (s.protocol_snapshot ?? {}) as ProtocolSnapshot;
  const adaptive = !!snapshot.adaptive?.enabled;
  const sessionNumber = s.number;
  const protocolName = String(snapshot.name ?? "");
  const version = String(snapshot.version ?? "");
  const seconds = String(snapshot.examination_seconds ?? "");
  const status = statusName(s.status);
  const startedAt = formatDate(s.started_at, true);
  const abandonedAt = formatDate(s.abandoned_at, true);
  return (
    <section aria-labelledby="s-title" className="session-page">
      <div className="page-head">
        <h1 id="s-title">
          {t`Session ${sessionNumber}`} ·{" "}
          <Link to={`/participants/${s.participant}`}>{s.participant_code}</Link>
        </h1>
        <div className="muted" data-testid="session-status">
          {t`${protocolName} v${version}`} · {gameName(String(snapshot.game ?? ""))} ·{" "}
          {snapshot.game === "memulation" && (
            <>
              {adaptive
                ? t`${seconds} s examination in the protocol (adaptive difficulty on)`
                : t`${seconds} s examination in the protocol`}{" "}
              ·{" "}
            </>
          )}
          <Trans>
            status <strong>{status}</strong> · started {startedAt}
          </Trans>
          {s.status === "abandoned" && (
            <span data-testid="session-abandoned">
              {" "}
              · {t`abandoned ${abandonedAt}`}
              {s.abandon_reason ? ` (${s.abandon_reason})` : ""}
            </span>
          )}
        </div>
      </div>
      {(s.status === "started" || s.status === "scheduled") && <AbandonSession sessionId={id} />}

      <h2>
        <Trans>Games</Trans>
      </h2>
      {games.isLoading && <Loading />}
      <ErrorNote error={games.error} what={t`Games`} />
      {games.data && !realGameBegun && s.status === "started" && (
        <>
          <PracticeOffer
            sessionId={id}
            onStarted={() => void client.invalidateQueries({ queryKey: ["session-games", id] })}
          />
          <button
            type="button"
            className={practiceOffered ? "btn secondary" : "btn primary"}
            onClick={() => startGame.mutate()}
            disabled={startGame.isPending}
            data-testid="start-game"
          >
            {practiceOffered
              ? t`Skip the practice and start the game`
              : games.data.some((g) => g.practice)
                ? t`Start the real game`
                : t`Start the game`}
          </button>
        </>
      )}
      {startGame.error && (
        <p className="form-error" role="alert">
          {errorText(startGame.error)}
        </p>
      )}
      <ul className="game-list">
        {(games.data ?? []).map((g) => (
          <li key={g.id} className="card-panel" data-game={g.id}>
            <div>
              <strong>{gameName(g.game_type)}</strong>
              {g.practice && (
                <span data-testid="game-practice">
                  {" "}
                  <Trans>practice round (not counted)</Trans>
                </span>
              )}{" "}
              · {gameNumber(g.id)} · <span data-testid="game-status">{statusName(g.status)}</span>
              {g.game_type === "memulation" && g.examination_seconds != null && (
                <>
                  {" "}
                  ·{" "}
                  <span data-testid="game-examination-seconds">
                    {examinationPerHand(g.examination_seconds, adaptive)}
                  </span>
                </>
              )}
              {g.finished_at && <> · {finishedAt(formatDate(g.finished_at, true))}</>}
            </div>
            <GameLinks game={g} />
            {g.status === "active" && <HandOver gameId={g.id} />}
          </li>
        ))}
      </ul>

      {finished && (
        <>
          <h2>
            <Trans>Results</Trans>
          </h2>
          {analysis.isLoading && (
            <Loading>
              <Trans>Waiting for the analysis…</Trans>
            </Loading>
          )}
          <ErrorNote error={analysis.error} what={t`The analysis`} />
          {analysis.data && !hasMetrics(analysis.data) && (
            <Loading>
              <Trans>The metrics are being computed…</Trans>
            </Loading>
          )}
          {analysis.data?.metrics && analysis.data.games.length > 1 && (
            <MetricsTable caption={t`This session`} values={analysis.data.metrics} />
          )}
          {analysis.data?.games.map((g) => {
            const deals = g.deals ?? g.analysis?.deals ?? [];
            return (
              <div key={g.game_id} className="analysis" data-testid="analysis">
                <MetricsTable
                  caption={gameCaption(g.game_id)}
                  values={g.metrics ?? {}}
                  testId="session-metrics"
                />
                {deals.length > 0 ? (
                  <Replay deals={deals} participantSeat={g.participant_seat ?? 0} />
                ) : g.game_type === "memulation" ? (
                  <p className="muted">
                    <Trans>The solver's trick-by-trick analysis is not ready yet.</Trans>
                  </p>
                ) : (
                  <p className="muted">
                    <Trans>The trick-by-trick analysis is for Memulation games.</Trans>
                  </p>
                )}
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}

function gameNumber(game: number): string {
  return t`game ${game}`;
}

function gameCaption(game: number): string {
  return t`Game ${game}`;
}

function finishedAt(when: string): string {
  return t`finished ${when}`;
}

function examinationPerHand(seconds: number, adaptive: boolean): string {
  return adaptive
    ? t`${seconds} s examination per hand (set by adaptive difficulty)`
    : t`${seconds} s examination per hand`;
}

/** A sitting that will not be finished: abandoned with a reason, behind a fold (no single click does it). */
function AbandonSession({ sessionId }: { sessionId: string }) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const abandon = useMutation({
    mutationFn: () => abandonSession(sessionId, reason.trim()),
    onSuccess: (session) => {
      client.setQueryData(["session", sessionId], session);
      void client.invalidateQueries({ queryKey: ["session-games", sessionId] });
    },
  });
  return (
    <details className="card-panel abandon" data-testid="abandon">
      <summary>
        <Trans>Abandon this session</Trans>
      </summary>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          abandon.mutate();
        }}
      >
        <p className="hint">
          <Trans>
            An abandoned session is not finished later; its games stay as they are in the record.
          </Trans>
        </p>
        <label htmlFor="abandon-reason">
          <Trans>Reason (optional)</Trans>
        </label>
        <input
          id="abandon-reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
        {abandon.error && (
          <p className="form-error" role="alert">
            {errorText(abandon.error)}
          </p>
        )}
        <button
          type="submit"
          className="btn secondary"
          disabled={abandon.isPending}
          data-testid="abandon-confirm"
        >
          <Trans>Abandon the session</Trans>
        </button>
      </form>
    </details>
  );
}

function HandOver({ gameId }: { gameId: number }) {
  const { t } = useLingui();
  const [link, setLink] = useState<PlayLink | null>(null);
  const [pin, setPin] = useState("");
  const navigate = useNavigate();
  const issue = useMutation({
    mutationFn: () => issuePlayLink(gameId),
    onSuccess: setLink,
  });
  const url = link ? `${window.location.origin}${link.path}` : null;
  const pinField = `pin-${gameId}`;
  const pinOk = pin === "" || validPin(pin);
  const hours = link ? Math.round(link.expires_in_seconds / 3600) : 0;
  const joinUrl = `${window.location.origin}/join`;
  const code = link?.code;
  return (
    <div className="hand-over">
      <form
        className="row-actions hand-over-form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!pinOk) return;
          const path = `/games/${gameId}/play`;
          void enterParticipantMode(path, {
            pin: pin || undefined,
            returnTo: window.location.pathname,
          }).then(() => navigate(path));
        }}
      >
        <div className="pin-field">
          <label htmlFor={pinField}>
            <Trans>PIN to leave the game (4 to 8 digits; empty: your password)</Trans>
          </label>
          <input
            id={pinField}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.target.value.trim())}
            aria-invalid={!pinOk}
            data-testid="hand-over-pin"
          />
        </div>
        <button type="submit" className="btn primary" disabled={!pinOk} data-testid="hand-over">
          <Trans>Hand over this device</Trans>
        </button>
        <button
          type="button"
          className="btn secondary"
          onClick={() => issue.mutate()}
          disabled={issue.isPending}
          data-testid="show-qr"
        >
          <Trans>Show the link as a QR code</Trans>
        </button>
      </form>
      {issue.error && (
        <p className="form-error" role="alert">
          {errorText(issue.error)}
        </p>
      )}
      {url && link && (
        <figure className="qr" data-testid="qr">
          <QRCodeSVG value={url} size={220} level="M" marginSize={2} title={t`Game link QR code`} />
          <figcaption>
            <Trans>
              Scan with the participant's tablet, or open{" "}
              <a href={link.path} data-testid="play-link">
                {url}
              </a>
              .
            </Trans>{" "}
            {plural(hours, {
              one: "Valid for # hour, for this game only.",
              other: "Valid for # hours, for this game only.",
            })}
            <br />
            <Trans>
              No camera? Open <strong>{joinUrl}</strong> and type the code{" "}
              <strong className="join-code" data-testid="join-code">
                {code}
              </strong>
              .
            </Trans>
          </figcaption>
        </figure>
      )}
    </div>
  );
}

function playNote(play: AnalysisPlay): string | null {
  if (play.lost === null || play.lost === undefined) return null;
  const lost = play.lost;
  if (lost === 0) return t`best play`;
  return plural(lost, { one: "this card cost # trick", other: "this card cost # tricks" });
}

export function Replay({
  deals,
  participantSeat,
}: {
  deals: AnalysisDeal[];
  participantSeat: number;
}) {
  const { i18n, t } = useLingui();
  const steps = deals.flatMap((deal) => deal.tricks.map((trick) => ({ deal, trick })));
  const [index, setIndex] = useState(0);
  if (steps.length === 0) return null;
  const { deal, trick } = steps[Math.min(index, steps.length - 1)];
  const costly = steps.filter((step) => step.trick.plays.some((p) => (p.lost ?? 0) > 0)).length;
  const who = (seat: number) =>
    seat === participantSeat ? t`Participant` : t`Opponent (seat ${seat})`;
  const roundNumber = deal.round + 1;
  const trickNumber = trick.trick + 1;
  const winner = who(trick.winner);
  return (
    <section className="replay card-panel" aria-labelledby="replay-title" data-testid="replay">
      <h3 id="replay-title">
        <Trans>Trick-by-trick replay</Trans>
      </h3>
      <p className="muted">{tricksSummary(steps.length, costly)}</p>
      <div className="row-actions">
        <button
          type="button"
          className="btn secondary"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
        >
          <Trans>Previous trick</Trans>
        </button>
        <span aria-live="polite" data-testid="replay-position">
          {deal.deal === 1
            ? t`Round ${roundNumber}, Old Deal, trick ${trickNumber}`
            : t`Round ${roundNumber}, New Deal, trick ${trickNumber}`}
        </span>
        <button
          type="button"
          className="btn secondary"
          onClick={() => setIndex((i) => Math.min(steps.length - 1, i + 1))}
          disabled={index >= steps.length - 1}
        >
          <Trans>Next trick</Trans>
        </button>
      </div>
      {trick.trick === 0 && deal.stragedy && <p className="hint">{stragedyLine(deal.stragedy)}</p>}
      <div className="replay-trick">
        {trick.plays.map((play, i) => {
          const note = playNote(play);
          const player = who(play.seat);
          const card = cardName(play.card);
          return (
            <figure key={i} className={`replay-play ${(play.lost ?? 0) > 0 ? "costly" : ""}`}>
              <Card card={play.card} />
              <figcaption>
                {i === 0 ? (
                  <Trans>
                    <strong>{player}</strong> led the {card}
                  </Trans>
                ) : (
                  <Trans>
                    <strong>{player}</strong> followed the {card}
                  </Trans>
                )}
                {play.actor && play.actor !== "participant" && (
                  <span className="muted"> ({playerName(i18n, play.actor)})</span>
                )}
                {note && (
                  <span className={`note ${(play.lost ?? 0) > 0 ? "bad" : "good"}`}>: {note}</span>
                )}
                {play.values && Object.keys(play.values).length > 1 && (
                  <span className="muted small"> {wouldHaveWon(play.values)}</span>
                )}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <p>
        <Trans>
          Won by <strong>{winner}</strong>.
        </Trans>
      </p>
    </section>
  );
}

function tricksSummary(count: number, costly: number): string {
  return plural(count, {
    one: `# trick; in ${costly} of them a card cost tricks against perfect play.`,
    other: `# tricks; in ${costly} of them a card cost tricks against perfect play.`,
  });
}

function stragedyLine(stragedy: Record<string, unknown>): string {
  const entries = Object.entries(stragedy)
    .map(([k, v]) => `${k} ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
  return t`'Stragedy: ${entries}`;
}

function wouldHaveWon(values: Record<string, number>): string {
  const cards = Object.entries(values)
    .map(([c, v]) => `${c} ${v}`)
    .join(", ");
  return t`Tricks each card would have won: ${cards}`;
}
