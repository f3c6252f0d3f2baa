// The participant's sessions, newest first, each with its state and a link to its page.

import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { rows } from "../../api/client";
import type { ProtocolSnapshot } from "../../api/types";
import { ErrorNote, Loading, formatDate } from "../../ui/widgets";
import { listSessions } from "../../api/participants";

export function SessionList({ participantId }: { participantId: number }) {
  const sessions = useQuery({
    queryKey: ["sessions", participantId],
    queryFn: () => listSessions(participantId),
  });
  const list = rows(sessions.data);
  return (
    <>
      <h2>Sessions</h2>
      {sessions.isLoading && <Loading />}
      <ErrorNote error={sessions.error} what="Sessions" />
      {sessions.data && list.length === 0 && <p className="muted">No sessions yet.</p>}
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="session-table">
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Protocol</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Completed</th>
                <th scope="col">Replay</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => {
                const snapshot = s.protocol_snapshot as ProtocolSnapshot | undefined;
                return (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link to={`/sessions/${s.id}`}>Session {s.number}</Link>
                    </th>
                    <td>
                      {String(snapshot?.name ?? s.protocol)} v{String(snapshot?.version ?? "")}
                    </td>
                    <td>{s.status}</td>
                    <td>{formatDate(s.started_at, true)}</td>
                    <td>{formatDate(s.completed_at, true)}</td>
                    <td>
                      {s.status === "completed" ? (
                        <Link
                          to={`/sessions/${s.id}/replay`}
                          aria-label={`Replay session ${s.number}`}
                        >
                          Replay
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
