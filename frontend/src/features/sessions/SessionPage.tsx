// One session: its games, handing the device over or showing the single-game link as a QR code,
// and, once played, the session's metrics and a trick-by-trick replay annotated by the solver.
// The hand-over, the abandon fold, the metrics and the replay are in files of their own.

import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import type { ProtocolSnapshot } from "../../api/types";
import { PracticeOffer } from "./PracticeOffer";
import { GameLinks } from "../../game/GameLinks";
import { practiceKey, practiceState } from "../../api/practice";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { gameName, statusName } from "../../game/names";
import { getAnalysis, getSession, listSessionGames, startSessionGame } from "../../api/sessions";
import { AbandonSession } from "./AbandonSession";
import { HandOver } from "./HandOver";
import { MetricsTable, hasMetrics } from "./MetricsTable";
import { TrickReplay } from "./TrickReplay";

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
                  <TrickReplay deals={deals} participantSeat={g.participant_seat ?? 0} />
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
