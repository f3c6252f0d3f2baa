// The participant's sessions, newest first, each with its state and a link to its page.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { rows } from "../../api/client";
import type { ProtocolSnapshot } from "../../api/types";
import { formatNumber } from "../../i18n/format";
import { ErrorNote, Loading, formatDate } from "../../ui/widgets";
import { listSessions } from "../../api/participants";
import { statusName } from "../../game/names";

export function SessionList({ participantId }: { participantId: number }) {
  const { t } = useLingui();
  const sessions = useQuery({
    queryKey: ["sessions", participantId],
    queryFn: () => listSessions(participantId),
  });
  const list = rows(sessions.data);
  return (
    <>
      <h2>
        <Trans>Sessions</Trans>
      </h2>
      {sessions.isLoading && <Loading />}
      <ErrorNote error={sessions.error} what={t`Sessions`} />
      {sessions.data && list.length === 0 && (
        <p className="muted">
          <Trans>No sessions yet.</Trans>
        </p>
      )}
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="session-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Session</Trans>
                </th>
                <th scope="col">
                  <Trans>Protocol</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Started</Trans>
                </th>
                <th scope="col">
                  <Trans>Completed</Trans>
                </th>
                <th scope="col">
                  <Trans>Replay</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => {
                const snapshot = s.protocol_snapshot as ProtocolSnapshot | undefined;
                const number = formatNumber(s.number);
                return (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link to={`/sessions/${s.id}`}>
                        <Trans>Session {number}</Trans>
                      </Link>
                    </th>
                    <td>
                      {String(snapshot?.name ?? s.protocol)} v{String(snapshot?.version ?? "")}
                    </td>
                    <td>{statusName(s.status)}</td>
                    <td>{formatDate(s.started_at, true)}</td>
                    <td>{formatDate(s.completed_at, true)}</td>
                    <td>
                      {s.status === "completed" ? (
                        // Named by its visible word first, then which session (WCAG 2.5.3).
                        <Link to={`/sessions/${s.id}/replay`}>
                          <Trans>Replay</Trans>{" "}
                          <span className="sr-only">
                            <Trans>Session {number}</Trans>
                          </span>
                        </Link>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
