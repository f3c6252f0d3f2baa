// The audit trail for admins (all of it) and researchers (their studies): each change with
// who, when, the reason given, and the fields it changed (before and after).

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AuditEntry as Entry } from "../../api/types";
import { listAudit } from "../../api/audit";

const RECORDS: Record<string, string> = {
  "": "All records",
  "participants.participant": "Participants",
  "participants.protocol": "Protocols",
  "participants.cliniciannote": "Clinician notes",
  "participants.study": "Studies",
  "audit.signature": "Signatures",
  "accounts.user": "Staff accounts",
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
  const [page, setPage] = useState(1);
  const [record, setRecord] = useState("");
  const audit = useQuery({
    queryKey: ["audit", page, record],
    queryFn: () => listAudit(page, record),
  });
  const entries = audit.data?.results ?? [];
  return (
    <section>
      <h1>Audit trail</h1>
      <label htmlFor="audit-record">Records</label>{" "}
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
            {label}
          </option>
        ))}
      </select>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th>Reason</th>
              <th>Changes</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry">
                <td>{new Date(e.at).toLocaleString()}</td>
                <td>{e.actor_name || "—"}</td>
                <td>
                  {e.action} {e.object_type} {e.object_id}
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
          Newer
        </button>{" "}
        <button
          type="button"
          className="btn secondary"
          disabled={!audit.data?.next}
          onClick={() => setPage(page + 1)}
        >
          Older
        </button>
      </p>
    </section>
  );
}
