// Research exports: choose formats and filters, follow the job's progress, download, and the log.

import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useParams } from "react-router";
import { rows } from "../../api/client";
import type { ExportJob } from "../../api/types";
import { formatList, formatNumber, formatPercent, joinClauses } from "../../i18n/format";
import { SignPanel } from "../../ui/SignReport";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import { getExport, listExports, startExport } from "../../api/exports";
import type { ExportOrder } from "../../api/exports";
import { gameName } from "../../game/names";

export const FORMATS: [Format, MessageDescriptor][] = [
  ["csv", msg`CSV tables`],
  ["parquet", msg`Parquet`],
  ["bids", msg`BIDS-style events`],
];

// An export's status and its filters, by the server's codes; an unknown code is shown as it is.
const STATUSES: Record<string, MessageDescriptor> = {
  queued: msg`Queued`,
  running: msg`Working`,
  ready: msg`Ready`,
  failed: msg`Failed`,
  expired: msg`Expired`,
};
const FILTERS: Record<string, MessageDescriptor> = {
  group: msg`Group`,
  game: msg`Game`,
  date_from: msg`Sessions from`,
  date_to: msg`Sessions until`,
};

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
  const { t } = useLingui();
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
  const jobNumber = current?.id;
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
        <h2 id="export-title">
          <Trans>New export</Trans>
        </h2>
        <fieldset>
          <legend>
            <Trans>Formats</Trans>
          </legend>
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
              {t(label)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>
            <Trans>Filters (optional)</Trans>
          </legend>
          <div className="form-row">
            <div>
              <label htmlFor="ex-group">
                <Trans>Group</Trans>
              </label>
              <input id="ex-group" value={group} onChange={(e) => setGroup(e.target.value)} />
            </div>
            <div>
              <label htmlFor="ex-game">
                <Trans>Game</Trans>
              </label>
              <select id="ex-game" value={game} onChange={(e) => setGame(e.target.value)}>
                <option value="">{t`both`}</option>
                <option value="memulation">{gameName("memulation")}</option>
                <option value="mendikot">{gameName("mendikot")}</option>
              </select>
            </div>
            <div>
              <label htmlFor="ex-from">
                <Trans>Sessions from</Trans>
              </label>
              <input
                id="ex-from"
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="ex-to">
                <Trans>Sessions until</Trans>
              </label>
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
          <Trans>
            Shift each participant's times by their own days and part of a day (recommended for
            sharing: no real time of day is exported; intervals are kept)
          </Trans>
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
          <Trans>Start export</Trans>
        </button>
      </form>

      {current && (
        <div
          className="card-panel export-job"
          data-testid="export-job"
          data-status={current.status}
        >
          <h2>{t`Export ${jobNumber}`}</h2>
          <div
            className="progress"
            role="progressbar"
            aria-label={t`Export progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
          >
            <div className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
          <p>
            {progressText(current, percent)}
            {current.progress?.rows_done !== undefined &&
              ` (${rowsText(current.progress.rows_done)})`}
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
                <Trans>Download</Trans>
              </a>
              <SignPanel signed={{ export: current.id }} />
            </>
          )}
        </div>
      )}

      <h2>
        <Trans>Export log</Trans>
      </h2>
      {log.isLoading && <Loading />}
      <ErrorNote error={log.error} what={t`The export log`} />
      {log.data && (
        <div className="table-wrap">
          <table className="data-table" data-testid="export-log">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Export</Trans>
                </th>
                <th scope="col">
                  <Trans>Started</Trans>
                </th>
                <th scope="col">
                  <Trans>By</Trans>
                </th>
                <th scope="col">
                  <Trans>Formats</Trans>
                </th>
                <th scope="col">
                  <Trans>Filters</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>File</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows(log.data).map((j) => (
                <tr key={j.id}>
                  <th scope="row">{j.id}</th>
                  <td>{formatDate(j.created_at, true)}</td>
                  <td>{j.requested_by ?? t`command line`}</td>
                  <td>{formatList(j.formats ?? [])}</td>
                  <td className="small">
                    {j.filters && Object.keys(j.filters).length
                      ? joinClauses(
                          Object.entries(j.filters).map(
                            ([k, v]) => `${k in FILTERS ? t(FILTERS[k]) : k}: ${String(v)}`,
                          ),
                        )
                      : t`none`}
                  </td>
                  <td>{j.status in STATUSES ? t(STATUSES[j.status]) : j.status}</td>
                  <td>
                    {j.download_url && DONE.has(j.status) ? (
                      <a href={j.download_url} download>
                        <Trans>Download</Trans>
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

/** Where the export stands, in a sentence (the server's error comes in the reader's language). */
function progressText(job: ExportState, percent: number): string {
  if (FAILED.has(job.status)) {
    const error = job.error;
    return error ? t`The export failed: ${error}` : t`The export failed.`;
  }
  if (DONE.has(job.status)) return t`Ready.`;
  const done = formatPercent(Math.round(percent) / 100);
  return t`Working… ${done}`;
}

function rowsText(count: number): string {
  const rows = formatNumber(count);
  return plural(count, { one: `${rows} row`, other: `${rows} rows` });
}

type KAnonymity = NonNullable<ExportJob["k_anonymity"]>;

/** What the export's quasi-identifiers reveal, shown before the download link. */
function KAnonymityNote({ report }: { report: KAnonymity }) {
  const { t } = useLingui();
  const { k, participants, k_min: kMin } = report;
  const identifiers = formatList(report.quasi_identifiers);
  const shared = plural(participants, {
    one: `k-anonymity ${k}: the rarest combination of ${identifiers} is shared by ${k} of the # participant exported`,
    other: `k-anonymity ${k}: the rarest combination of ${identifiers} is shared by ${k} of the # participants exported`,
  });
  const none = t`none`;
  return (
    <div
      className={report.meets_k_min ? "note" : "note warn"}
      data-testid="k-anonymity"
      role={report.meets_k_min ? undefined : "alert"}
    >
      <p>
        {report.meets_k_min
          ? t`${shared}.`
          : t`${shared} (fewer than ${kMin}: they could be singled out).`}
      </p>
      {report.below_k_min.length > 0 && (
        <ul className="small">
          {report.below_k_min.map((c) => (
            <li key={`${c.age_band}|${c.group}|${c.arm}|${c.stratum}`}>{combination(c, none)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Combination = KAnonymity["below_k_min"][number];

function combination(c: Combination, none: string): string {
  const { age_band: ageBand, participants: count } = c;
  const group = c.group ?? none;
  const arm = c.arm ?? none;
  const stratum = c.stratum ?? none;
  return t`age band ${ageBand}, group ${group}, arm ${arm}, stratum ${stratum}: ${count}`;
}
