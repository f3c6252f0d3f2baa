// A study's protocols: each version's settings and sessions, and a new protocol or version.

import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { rows } from "../../api/client";
import type { ProtocolWrite } from "../../api/types";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { createProtocol, listProtocols } from "../../api/studies";
import { ProtocolForm } from "./ProtocolForm";
import { ProtocolSessions } from "./ProtocolSessions";
import { NEW_PROTOCOL, protocolWrite, settingsWords } from "./protocols";
import type { ProtocolDraft } from "./protocols";

export function ProtocolsTab() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const client = useQueryClient();
  const protocols = useQuery({
    queryKey: ["protocols", Number(id)],
    queryFn: () => listProtocols(id),
  });
  const [draft, setDraft] = useState<ProtocolDraft | null>(null);
  const [showing, setShowing] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (body: ProtocolWrite) => createProtocol(id, body),
    onSuccess: () => {
      setDraft(null);
      void client.invalidateQueries({ queryKey: ["protocols", Number(id)] });
    },
  });
  const list = rows(protocols.data);
  return (
    <div>
      {protocols.isLoading && <Loading />}
      <ErrorNote error={protocols.error} what={t`Protocols`} />
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="protocol-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Protocol</Trans>
                </th>
                <th scope="col">
                  <Trans>Version</Trans>
                </th>
                <th scope="col">
                  <Trans>Game</Trans>
                </th>
                <th scope="col">
                  <Trans>Settings</Trans>
                </th>
                <th scope="col">
                  <Trans>Sessions</Trans>
                </th>
                <th scope="col">
                  <Trans>Created</Trans>
                </th>
                <th scope="col">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.name}</th>
                  <td>v{p.version}</td>
                  <td>{p.game}</td>
                  <td className="small" data-testid="protocol-settings">
                    {settingsWords(p).join(" · ")}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn link small"
                      aria-expanded={showing === p.id}
                      onClick={() => setShowing(showing === p.id ? null : p.id)}
                    >
                      {sessionCount(p.session_count)}
                    </button>
                  </td>
                  <td>{formatDate(p.created_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn secondary small"
                      onClick={() => setDraft({ ...p })}
                    >
                      <Trans>New version</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {showing !== null && (
        <ProtocolSessions
          studyId={id}
          protocolId={showing}
          protocol={list.find((p) => p.id === showing)}
        />
      )}
      {/* The button comes once the list above it has loaded: nothing moves under the pointer. */}
      {!draft && !protocols.isLoading && (
        <button type="button" className="btn primary" onClick={() => setDraft({ ...NEW_PROTOCOL })}>
          <Trans>New protocol</Trans>
        </button>
      )}
      {draft && (
        <ProtocolForm
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={() => save.mutate(protocolWrite(draft))}
          error={save.error ? errorText(save.error) : null}
          busy={save.isPending}
        />
      )}
    </div>
  );
}

function sessionCount(sessions: number): string {
  return plural(sessions, { one: "# session", other: "# sessions" });
}
