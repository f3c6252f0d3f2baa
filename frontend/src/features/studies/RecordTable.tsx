/** A table for a list of flat records (the cohort contract is still settling). */
export function RecordTable({ data }: { data: unknown }) {
  const list: Record<string, unknown>[] = Array.isArray(data)
    ? (data as Record<string, unknown>[])
    : Array.isArray((data as { results?: unknown })?.results)
      ? (data as { results: Record<string, unknown>[] }).results
      : Array.isArray((data as { metrics?: unknown })?.metrics)
        ? (data as { metrics: Record<string, unknown>[] }).metrics
        : Array.isArray((data as { participants?: unknown })?.participants)
          ? (data as { participants: Record<string, unknown>[] }).participants
          : [];
  if (list.length === 0) return <p className="muted">Nothing to show yet.</p>;
  const hidden = new Set(["definition", "games", "needs_solver", "version", "computed_at"]);
  const columns = Array.from(new Set(list.flatMap((r) => Object.keys(r))))
    .filter((c) => !hidden.has(c))
    .slice(0, 10);
  const show = (v: unknown) =>
    v === null || v === undefined
      ? "–"
      : typeof v === "number"
        ? Number.isInteger(v)
          ? String(v)
          : v.toFixed(3)
        : typeof v === "string"
          ? v
          : JSON.stringify(v); // an object, or true / false
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{show(row[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
