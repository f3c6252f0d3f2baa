// One session: its games, handing the device over or showing the single-game link as a QR code,
// and, once played, the session's metrics and a trick-by-trick replay annotated by the solver.

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
import {
  getAnalysis,
  getCatalogue,
  abandonSession,
  getSession,
  issuePlayLink,
  listSessionGames,
  startSessionGame,
} from "../../api/sessions";

const METRIC_LABELS: Record<string, [string, string]> = {
  recall_hit: ["'Stragedy hit rate", "proportion"],
  recall_position_error: ["'Stragedy position error", "slots"],
  optimal_play_rate: ["Optimal plays", "proportion"],
  decision_time_median_ms: ["Median decision time", "ms"],
  examination_time_used: ["Examination time used", "proportion"],
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
  const catalogue = useCatalogue().data?.metrics ?? [];
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  const describe = (key: string): [string, string] => {
    const known = catalogue.find((m) => m.key === key);
    return known ? [known.label, known.unit] : (METRIC_LABELS[key] ?? [key, ""]);
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
  if (!session.data) return <ErrorNote error={session.error} what="This session" />;
  const s = session.data;
  const snapshot = (s.protocol_snapshot ?? {}) as ProtocolSnapshot;
  const adaptive = !!snapshot.adaptive?.enabled;
  return (
    <section aria-labelledby="s-title" className="session-page">
      <div className="page-head">
        <h1 id="s-title">
          Session {s.number} ·{" "}
          <Link to={`/participants/${s.participant}`}>{s.participant_code}</Link>
        </h1>
        <div className="muted" data-testid="session-status">
          {String(snapshot.name ?? "")} v{String(snapshot.version ?? "")} ·{" "}
          {String(snapshot.game ?? "")} ·{" "}
          {snapshot.game === "memulation"
            ? `${String(snapshot.examination_seconds ?? "")} s examination in the protocol${adaptive ? " (adaptive difficulty on)" : ""} · `
            : ""}
          status <strong>{s.status}</strong> · started {formatDate(s.started_at, true)}
          {s.status === "abandoned" && (
            <span data-testid="session-abandoned">
              {" "}
              · abandoned {formatDate(s.abandoned_at, true)}
              {s.abandon_reason ? ` (${s.abandon_reason})` : ""}
            </span>
          )}
        </div>
      </div>
      {(s.status === "started" || s.status === "scheduled") && <AbandonSession sessionId={id} />}

      <h2>Games</h2>
      {games.isLoading && <Loading />}
      <ErrorNote error={games.error} what="Games" />
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
              ? "Skip the practice and start the game"
              : games.data.some((g) => g.practice)
                ? "Start the real game"
                : "Start the game"}
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
              <strong>{g.game_type === "mendikot" ? "Mendikot" : "Memulation"}</strong>
              {g.practice && (
                <span data-testid="game-practice"> practice round (not counted)</span>
              )}{" "}
              · game {g.id} · <span data-testid="game-status">{g.status}</span>
              {g.game_type === "memulation" && g.examination_seconds != null && (
                <>
                  {" "}
                  ·{" "}
                  <span data-testid="game-examination-seconds">
                    {g.examination_seconds} s examination per hand
                    {adaptive ? " (set by adaptive difficulty)" : ""}
                  </span>
                </>
              )}
              {g.finished_at && <> · finished {formatDate(g.finished_at, true)}</>}
            </div>
            <GameLinks game={g} />
            {g.status === "active" && <HandOver gameId={g.id} />}
          </li>
        ))}
      </ul>

      {finished && (
        <>
          <h2>Results</h2>
          {analysis.isLoading && <Loading>Waiting for the analysis…</Loading>}
          <ErrorNote error={analysis.error} what="The analysis" />
          {analysis.data && !hasMetrics(analysis.data) && (
            <Loading>The metrics are being computed…</Loading>
          )}
          {analysis.data?.metrics && analysis.data.games.length > 1 && (
            <MetricsTable caption="This session" values={analysis.data.metrics} />
          )}
          {analysis.data?.games.map((g) => {
            const deals = g.deals ?? g.analysis?.deals ?? [];
            return (
              <div key={g.game_id} className="analysis" data-testid="analysis">
                <MetricsTable
                  caption={`Game ${g.game_id}`}
                  values={g.metrics ?? {}}
                  testId="session-metrics"
                />
                {deals.length > 0 ? (
                  <Replay deals={deals} participantSeat={g.participant_seat ?? 0} />
                ) : g.game_type === "memulation" ? (
                  <p className="muted">The solver's trick-by-trick analysis is not ready yet.</p>
                ) : (
                  <p className="muted">The trick-by-trick analysis is for Memulation games.</p>
                )}
              </div>
            );
          })}
        </>
      )}
    </section>
  );
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
      <summary>Abandon this session</summary>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          abandon.mutate();
        }}
      >
        <p className="hint">
          An abandoned session is not finished later; its games stay as they are in the record.
        </p>
        <label htmlFor="abandon-reason">Reason (optional)</label>
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
          Abandon the session
        </button>
      </form>
    </details>
  );
}

function HandOver({ gameId }: { gameId: number }) {
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
            PIN to leave the game (4 to 8 digits; empty: your password)
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
          Hand over this device
        </button>
        <button
          type="button"
          className="btn secondary"
          onClick={() => issue.mutate()}
          disabled={issue.isPending}
          data-testid="show-qr"
        >
          Show the link as a QR code
        </button>
      </form>
      {issue.error && (
        <p className="form-error" role="alert">
          {errorText(issue.error)}
        </p>
      )}
      {url && link && (
        <figure className="qr" data-testid="qr">
          <QRCodeSVG value={url} size={220} level="M" marginSize={2} title="Game link QR code" />
          <figcaption>
            Scan with the participant's tablet, or open{" "}
            <a href={link.path} data-testid="play-link">
              {url}
            </a>
            . Valid for {Math.round(link.expires_in_seconds / 3600)} hours, for this game only.
            <br />
            No camera? Open <strong>{window.location.origin}/join</strong> and type the code{" "}
            <strong className="join-code" data-testid="join-code">
              {link.code}
            </strong>
            .
          </figcaption>
        </figure>
      )}
    </div>
  );
}

function playNote(play: AnalysisPlay): string | null {
  if (play.lost === null || play.lost === undefined) return null;
  if (play.lost === 0) return "best play";
  return `this card cost ${play.lost} ${play.lost === 1 ? "trick" : "tricks"}`;
}

export function Replay({
  deals,
  participantSeat,
}: {
  deals: AnalysisDeal[];
  participantSeat: number;
}) {
  const steps = deals.flatMap((deal) => deal.tricks.map((trick) => ({ deal, trick })));
  const [index, setIndex] = useState(0);
  if (steps.length === 0) return null;
  const { deal, trick } = steps[Math.min(index, steps.length - 1)];
  const costly = steps.filter(({ trick: t }) => t.plays.some((p) => (p.lost ?? 0) > 0)).length;
  const who = (seat: number) =>
    seat === participantSeat ? "Participant" : `Opponent (seat ${seat})`;
  return (
    <section className="replay card-panel" aria-labelledby="replay-title" data-testid="replay">
      <h3 id="replay-title">Trick-by-trick replay</h3>
      <p className="muted">
        {steps.length} tricks; in {costly} of them a card cost tricks against perfect play.
      </p>
      <div className="row-actions">
        <button
          type="button"
          className="btn secondary"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
        >
          Previous trick
        </button>
        <span aria-live="polite" data-testid="replay-position">
          Round {deal.round + 1}, {deal.deal === 1 ? "Old Deal" : "New Deal"}, trick{" "}
          {trick.trick + 1}
        </span>
        <button
          type="button"
          className="btn secondary"
          onClick={() => setIndex((i) => Math.min(steps.length - 1, i + 1))}
          disabled={index >= steps.length - 1}
        >
          Next trick
        </button>
      </div>
      {trick.trick === 0 && deal.stragedy && (
        <p className="hint">
          'Stragedy:{" "}
          {Object.entries(deal.stragedy)
            .map(([k, v]) => `${k} ${typeof v === "string" ? v : JSON.stringify(v)}`)
            .join(", ")}
        </p>
      )}
      <div className="replay-trick">
        {trick.plays.map((play, i) => {
          const note = playNote(play);
          return (
            <figure key={i} className={`replay-play ${(play.lost ?? 0) > 0 ? "costly" : ""}`}>
              <Card card={play.card} />
              <figcaption>
                <strong>{who(play.seat)}</strong>
                {i === 0 ? " led" : " followed"} the {cardName(play.card)}
                {play.actor && play.actor !== "participant" && (
                  <span className="muted"> ({play.actor})</span>
                )}
                {note && (
                  <span className={`note ${(play.lost ?? 0) > 0 ? "bad" : "good"}`}>: {note}</span>
                )}
                {play.values && Object.keys(play.values).length > 1 && (
                  <span className="muted small">
                    {" "}
                    Tricks each card would have won:{" "}
                    {Object.entries(play.values)
                      .map(([c, v]) => `${c} ${v}`)
                      .join(", ")}
                  </span>
                )}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <p>
        Won by <strong>{who(trick.winner)}</strong>.
      </p>
    </section>
  );
}
