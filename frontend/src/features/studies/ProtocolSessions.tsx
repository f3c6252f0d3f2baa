// The sessions run with one protocol version, listed under the study's protocol table.

import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { rows } from "../../api/client";
import type { Protocol } from "../../api/types";
import { Loading, formatDate } from "../../ui/widgets";
import { listStudySessions } from "../../api/studies";

export function ProtocolSessions({
  studyId,
  protocolId,
  protocol,
}: {
  studyId: string;
  protocolId: number;
  protocol: Protocol | undefined;
}) {
  const sessions = useQuery({
    queryKey: ["study-sessions", studyId],
    queryFn: () => listStudySessions(studyId),
  });
  return (
    <div className="card-panel" data-testid="protocol-sessions">
      <h2>
        Sessions run with {protocol?.name} v{protocol?.version}
      </h2>
      {sessions.isLoading && <Loading />}
      <ul>
        {rows(sessions.data)
          .filter((s) => s.protocol === protocolId)
          .map((s) => (
            <li key={s.id}>
              <Link to={`/sessions/${s.id}`}>
                {s.participant_code}, session {s.number}
              </Link>{" "}
              · {s.status} · {formatDate(s.started_at ?? s.scheduled_for, true)}
            </li>
          ))}
      </ul>
    </div>
  );
}
