// Starting a training session for the participant: the protocol, the practice offered first, and
// the device the game opens on.

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { newKey } from "../../api/keys";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, rows } from "../../api/client";
import type { Participant } from "../../api/types";
import { practiceState } from "../../api/practice";
import { formatNumber } from "../../i18n/format";
import { errorText } from "../../ui/widgets";
import { createSession, startSessionGame } from "../../api/sessions";
import { listProtocols } from "../../api/studies";

export function StartSession({ participant: p }: { participant: Participant }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const protocols = useQuery({
    queryKey: ["protocols", p.study],
    queryFn: () => listProtocols(p.study),
  });
  const [protocol, setProtocol] = useState<string>("");
  // One key for the sitting this form means: a second click, before the first is answered,
  // is ignored here and, if it got through, answered by the server with the same sitting.
  const clientKey = useRef(newKey());
  const busy = useRef(false);
  const start = useMutation({
    mutationFn: async () => {
      const session = await createSession(p.id, Number(protocol), clientKey.current);
      // A first game begins with the practice round: the session page offers it (or its skip).
      const practice = await practiceState(session.id);
      if (!practice.offered) await startSessionGame(session.id);
      return session;
    },
    onSuccess: (session) => navigate(`/sessions/${session.id}`),
    onError: (error) => {
      // An earlier attempt, whose answer was lost, started a sitting with the protocol chosen
      // then: once told so, sending the form again starts another.
      if (error instanceof ApiError && error.code === "client_key_reused") {
        clientKey.current = newKey();
      }
    },
    onSettled: () => {
      busy.current = false;
    },
  });
  const reused = start.error instanceof ApiError && start.error.code === "client_key_reused";
  const list = rows(protocols.data);
  const seconds = (value: number) => {
    const n = formatNumber(value);
    return t`${n} s`;
  };
  return (
    <div className="card-panel">
      <h2>
        <Trans>Start a session</Trans>
      </h2>
      {!p.has_consent ? (
        <p className="muted">
          <Trans>Record consent first.</Trans>
        </p>
      ) : (
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (busy.current) return;
            busy.current = true;
            start.mutate();
          }}
        >
          <label htmlFor="protocol">
            <Trans>Protocol</Trans>
          </label>
          <select
            id="protocol"
            value={protocol}
            onChange={(e) => setProtocol(e.target.value)}
            required
          >
            <option value="">{t`Choose a protocol…`}</option>
            {list.map((pr) => (
              <option key={pr.id} value={pr.id}>
                {pr.name} v{pr.version} · {pr.game} · {seconds(pr.examination_seconds)}
              </option>
            ))}
          </select>
          {start.error && (
            <p className="form-error" role="alert">
              {reused
                ? t`This form already started a session with the protocol it had before (the answer was lost on the way): look for it among the participant's sessions before starting another.`
                : errorText(start.error)}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={!protocol || start.isPending}>
            {start.isPending ? t`Starting…` : t`Start the session`}
          </button>
          <Link
            className="btn secondary"
            to={`/tables/new?participant=${p.id}`}
            data-testid="open-table"
          >
            <Trans>Open a table with others</Trans>
          </Link>
        </form>
      )}
    </div>
  );
}
