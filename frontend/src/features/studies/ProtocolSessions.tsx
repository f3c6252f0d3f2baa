// The sessions run with one protocol version, listed under the study's protocol table.

import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { rows } from "../../api/client";
import type { Protocol } from "../../api/types";
import { Loading, formatDate } from "../../ui/widgets";
import { listStudySessions } from "../../api/studies";
import { statusName } from "../../game/names";

export function ProtocolSessions({
  studyId,
  protocolId,
  protocol,
}: {
  studyId: string;
  protocolId: number;
  protocol: Protocol | undefined;
}) {
  const name = protocol?.name;
  const version = protocol?.version;
  const sessions = useQuery({
    queryKey: ["study-sessions", studyId],
    queryFn: () => listStudySessions(studyId),
  });
  return (
    <div className="card-panel" data-testid="protocol-sessions">
      <h2>
        <Trans>
          Sessions run with {name} v{version}
        </Trans>
      </h2>
      {sessions.isLoading && <Loading />}
      <ul>
        {rows(sessions.data)
          .filter((s) => s.protocol === protocolId)
          .map((s) => {
            const code = s.participant_code;
            const number = s.number;
            return (
              <li key={s.id}>
                <Link to={`/sessions/${s.id}`}>
                  <Trans>
                    {code}, session {number}
                  </Trans>
                </Link>{" "}
                · {statusName(s.status)} · {formatDate(s.started_at ?? s.scheduled_for, true)}
              </li>
            );
          })}
      </ul>
    </div>
  );
}
