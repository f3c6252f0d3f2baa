// Starting a training session for the participant: the protocol, the practice offered first, and
// the device the game opens on.

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { newKey } from "../../api/keys";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { rows } from "../../api/client";
import type { Participant } from "../../api/types";
import { practiceState } from "../../api/practice";
import { errorText } from "../../ui/widgets";
import { createSession, startSessionGame } from "../../api/sessions";
import { listProtocols } from "../../api/studies";

export function StartSession({ participant: p }: { participant: Participant }) {
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
    onSettled: () => {
      busy.current = false;
    },
  });
  const list = rows(protocols.data);
  return (
    <div className="card-panel">
      <h2>Start a session</h2>
      {!p.has_consent ? (
        <p className="muted">Record consent first.</p>
      ) : (
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (busy.current) return;
            busy.current = true;
            start.mutate();
          }}
        >
          <label htmlFor="protocol">Protocol</label>
          <select
            id="protocol"
            value={protocol}
            onChange={(e) => setProtocol(e.target.value)}
            required
          >
            <option value="">Choose a protocol…</option>
            {list.map((pr) => (
              <option key={pr.id} value={pr.id}>
                {pr.name} v{pr.version} · {pr.game} · {pr.examination_seconds} s
              </option>
            ))}
          </select>
          {start.error && (
            <p className="form-error" role="alert">
              {errorText(start.error)}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={!protocol || start.isPending}>
            {start.isPending ? "Starting…" : "Start the session"}
          </button>
          <Link
            className="btn secondary"
            to={`/tables/new?participant=${p.id}`}
            data-testid="open-table"
          >
            Open a table with others
          </Link>
        </form>
      )}
    </div>
  );
}
