// Research exports: choose formats and filters, follow the job's progress, download, and the log.

import { SignPanel } from "../../ui/SignReport";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useParams } from "react-router";
import { rows } from "../../api/client";
import type { ExportJob } from "../../api/types";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { getExport, listExports, startExport } from "../../api/exports";
import type { ExportOrder } from "../../api/exports";

export const FORMATS: [Format, string][] = [
  ["csv", "CSV tables"],
  ["parquet", "Parquet"],
  ["bids", "BIDS-style events"],
];

type Format = ExportOrder["formats"][number];

const DONE = new Set(["ready"]);
const FAILED = new Set(["failed", "expired"]);

/** What the progress display reads of an export (its status, and its progress if known). */
type ExportState = Partial<Omit<ExportJob, "status" | "progress">> &
  Pick<ExportJob, "status"> & { progress?: Partial<ExportJob["progress"]> | null };

export function exportFinished(job: ExportState | undefined): boolean {
  return !!job && (DONE.has(job.status) || FAILED.has(job.status));
}

export function exportPercent(job: ExportState | undefined): number {
  if (!job) return 0;
  if (DONE.has(job.status)) return 100;
  const p = job.progress?.percent;
  return typeof p === "number" ? Math.max(0, Math.min(100, p)) : 0;
}

export function ExportsTab() {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const [formats, setFormats] = useState<Format[]>(["csv"]);
  const [group, setGroup] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [game, setGame] = useState("");
  const [shiftDates, setShiftDates] = useState(true);
  const [jobId, setJobId] = useState<number | null>(null);

  const start = useMutation({
    mutationFn: () => {
      const filters: Record<string, string> = {};
      if (group) filters.group = group;
      if (from) filters.date_from = from;
      if (to) filters.date_to = to;
      if (game) filters.game = game;
      return startExport(id, {
        // never empty: the button is disabled without a format
        formats: formats as ExportOrder["formats"],
        filters,
        shift_dates: shiftDates,
      });
    },
    onSuccess: (job) => {
      setJobId(job.id);
      client.setQueryData(["export", job.id], job);
      void client.invalidateQueries({ queryKey: ["export-log", id] });
    },
  });
  const job = useQuery({
    queryKey: ["export", jobId],
    queryFn: () => getExport(jobId as number),
    enabled: jobId !== null,
    refetchInterval: (q) => (exportFinished(q.state.data) ? false : 1000),
  });
  const log = useQuery({
    queryKey: ["export-log", id, exportFinished(job.data)],
    queryFn: () => listExports(id),
    retry: false,
  });
  const current = job.data;
  const percent = exportPercent(current);

  return (
    <div>
      <form
        className="card-panel"
        aria-labelledby="export-title"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <h2 id="export-title">New export</h2>
        <fieldset>
          <legend>Formats</legend>
          {FORMATS.map(([value, label]) => (
            <label key={value} className="check-inline">
              <input
                type="checkbox"
                name="format"
                value={value}
                checked={formats.includes(value)}
                onChange={(e) =>
                  setFormats(
                    e.target.checked ? [...formats, value] : formats.filter((f) => f !== value),
                  )
                }
              />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Filters (optional)</legend>
          <div className="form-row">
            <div>
              <label htmlFor="ex-group">Group</label>
              <input id="ex-group" value={group} onChange={(e) => setGroup(e.target.value)} />
            </div>
            <div>
              <label htmlFor="ex-game">Game</label>
              <select id="ex-game" value={game} onChange={(e) => setGame(e.target.value)}>
                <option value="">both</option>
                <option value="memulation">Memulation</option>
                <option value="mendikot">Mendikot</option>
              </select>
            </div>
            <div>
              <label htmlFor="ex-from">Sessions from</label>
              <input
                id="ex-from"
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="ex-to">Sessions until</label>
              <input id="ex-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
          </div>
        </fieldset>
        <label className="check-inline">
          <input
            type="checkbox"
            name="shift_dates"
            checked={shiftDates}
            onChange={(e) => setShiftDates(e.target.checked)}
          />
          Shift each participant&apos;s times by their own days and part of a day (recommended for
          sharing: no real time of day is exported; intervals are kept)
        </label>
        {start.error && (
          <p className="form-error" role="alert">
            {errorText(start.error)}
          </p>
        )}
        <button
          type="submit"
          className="btn primary"
          disabled={formats.length === 0 || start.isPending}
          data-testid="start-export"
        >
          Start export
        </button>
      </form>

      {current && (
        <div
          className="card-panel export-job"
          data-testid="export-job"
          data-status={current.status}
        >
          <h2>Export {current.id}</h2>
          <div
            className="progress"
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
          >
            <div className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
          <p>
            {FAILED.has(current.status)
              ? `The export failed${current.error ? `: ${current.error}` : "."}`
              : DONE.has(current.status)
                ? "Ready."
                : `Working… ${Math.round(percent)}%`}
            {current.progress?.rows_done !== undefined && ` (${current.progress.rows_done} rows)`}
          </p>
          {current.k_anonymity && <KAnonymityNote report={current.k_anonymity} />}
          {current.download_url && DONE.has(current.status) && (
            <>
              <a
                className="btn primary"
                href={current.download_url}
                download
                data-testid="download"
              >
                Download
              </a>
              <SignPanel signed={{ export: current.id }} />
            </>
          )}
        </div>
      )}

      <h2>Export log</h2>
      {log.isLoading && <Loading />}
      <ErrorNote error={log.error} what="The export log" />
      {log.data && (
        <div className="table-wrap">
          <table className="data-table" data-testid="export-log">
            <thead>
              <tr>
                <th scope="col">Export</th>
                <th scope="col">Started</th>
                <th scope="col">By</th>
                <th scope="col">Formats</th>
                <th scope="col">Filters</th>
                <th scope="col">Status</th>
                <th scope="col">File</th>
              </tr>
            </thead>
            <tbody>
              {rows(log.data).map((j) => (
                <tr key={j.id}>
                  <th scope="row">{j.id}</th>
                  <td>{formatDate(j.created_at, true)}</td>
                  <td>{j.requested_by ?? "command line"}</td>
                  <td>{(j.formats ?? []).join(", ")}</td>
                  <td className="small">
                    {j.filters && Object.keys(j.filters).length
                      ? Object.entries(j.filters)
                          .map(([k, v]) => `${k}: ${String(v)}`)
                          .join("; ")
                      : "none"}
                  </td>
                  <td>{j.status}</td>
                  <td>
                    {j.download_url && DONE.has(j.status) ? (
                      <a href={j.download_url} download>
                        Download
                      </a>
                    ) : (
                      "–"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

type KAnonymity = NonNullable<ExportJob["k_anonymity"]>;

/** What the export's quasi-identifiers reveal, shown before the download link. */
function KAnonymityNote({ report }: { report: KAnonymity }) {
  return (
    <div
      className={report.meets_k_min ? "note" : "note warn"}
      data-testid="k-anonymity"
      role={report.meets_k_min ? undefined : "alert"}
    >
      <p>
        k-anonymity {report.k}: the rarest combination of {report.quasi_identifiers.join(", ")} is
        shared by {report.k} of the {report.participants} participants exported
        {report.meets_k_min ? "." : ` (fewer than ${report.k_min}: they could be singled out).`}
      </p>
      {report.below_k_min.length > 0 && (
        <ul className="small">
          {report.below_k_min.map((c) => (
            <li key={`${c.age_band}|${c.group}|${c.arm}|${c.stratum}`}>
              age band {c.age_band}, group {c.group ?? "none"}, arm {c.arm ?? "none"}, stratum{" "}
              {c.stratum ?? "none"}: {c.participants}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
