// The audit trail for admins (all of it) and researchers (their studies): each change with
// who, when, the reason given, and the fields it changed (before and after).

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AuditEntry as Entry } from "../../api/types";
import { listAudit } from "../../api/audit";
import { formatDate } from "../../ui/dates";

const RECORDS: Record<string, MessageDescriptor> = {
  "": msg`All records`,
  "participants.participant": msg`Participants`,
  "participants.protocol": msg`Protocols`,
  "participants.cliniciannote": msg`Clinician notes`,
  "participants.study": msg`Studies`,
  "audit.signature": msg`Signatures`,
  "accounts.user": msg`Staff accounts`,
};

// What was done, by the server's code; a code not named here is shown as it is.
const ACTIONS: Record<string, MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Changed`,
  delete: msg`Deleted`,
  login: msg`Signed in`,
  login_failed: msg`Sign-in failed`,
  logout: msg`Signed out`,
  export: msg`Exported`,
  factor_added: msg`Second factor added`,
  signed: msg`Signed`,
  access_reviewed: msg`Access reviewed`,
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The fields whose value differs between before and after (all of after for a new record). */
export function changes(entry: Pick<Entry, "before" | "after">) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: k, before: shown(before[k]), after: shown(after[k]) }));
}

export function AuditPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [record, setRecord] = useState("");
  const audit = useQuery({
    queryKey: ["audit", page, record],
    queryFn: () => listAudit(page, record),
  });
  const entries = audit.data?.results ?? [];
  return (
    <section>
      <h1>
        <Trans>Audit trail</Trans>
      </h1>
      <label htmlFor="audit-record">
        <Trans>Records</Trans>
      </label>{" "}
      <select
        id="audit-record"
        value={record}
        onChange={(e) => {
          setRecord(e.target.value);
          setPage(1);
        }}
      >
        {Object.entries(RECORDS).map(([value, label]) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </select>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th>
                <Trans>When</Trans>
              </th>
              <th>
                <Trans>Who</Trans>
              </th>
              <th>
                <Trans>What</Trans>
              </th>
              <th>
                <Trans>Reason</Trans>
              </th>
              <th>
                <Trans>Changes</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry">
                <td>{formatDate(e.at, true)}</td>
                <td>{e.actor_name || "—"}</td>
                <td>
                  {e.action in ACTIONS ? t(ACTIONS[e.action]) : e.action} {e.object_type}{" "}
                  {e.object_id}
                </td>
                <td data-testid="audit-reason">{e.reason || "—"}</td>
                <td>
                  <ul>
                    {changes(e).map((c) => (
                      <li key={c.field}>
                        {c.field}: {c.before} → {c.after}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <button
          type="button"
          className="btn secondary"
          disabled={page === 1}
          onClick={() => setPage(page - 1)}
        >
          <Trans>Newer</Trans>
        </button>{" "}
        <button
          type="button"
          className="btn secondary"
          disabled={!audit.data?.next}
          onClick={() => setPage(page + 1)}
        >
          <Trans>Older</Trans>
        </button>
      </p>
    </section>
  );
}
