// The sessions run with one protocol version, listed under the study's protocol table.

import { Trans } from "@lingui/react/macro";
import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
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
                · {statusWords(s.status)} · {formatDate(s.started_at ?? s.scheduled_for, true)}
              </li>
            );
          })}
      </ul>
    </div>
  );
}

const STATUS_WORDS: Record<string, MessageDescriptor> = {
  scheduled: msg`scheduled`,
  started: msg`started`,
  completed: msg`completed`,
  abandoned: msg`abandoned`,
};

/** A session's state (a code from the server) in the reader's words. */
function statusWords(status: string): string {
  return STATUS_WORDS[status] ? i18n._(STATUS_WORDS[status]) : status;
}
