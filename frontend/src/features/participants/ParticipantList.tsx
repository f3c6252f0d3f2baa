// The clinician's dashboard: every participant at a glance.

import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { rows } from "../../api/client";
import { FlagList, GLANCE_METRICS, participantFlags } from "./glance";
import {
  ErrorNote,
  Loading,
  Sparkline,
  TrendArrow,
  formatDate,
  formatValue,
} from "../../ui/widgets";
import { getSummary, listParticipants } from "../../api/participants";
import "./cardTable.css";

const GLANCE_LABELS: Record<string, string> = {
  recall_hit: "Recall",
  optimal_play_rate: "Best plays",
  decision_time_median_ms: "Decision time",
};

export function useSummary(id: number | string) {
  return useQuery({
    queryKey: ["summary", String(id)],
    queryFn: () => getSummary(id),
    retry: false,
  });
}

export function ParticipantListPage() {
  const [search, setSearch] = useState("");
  const list = useQuery({
    queryKey: ["participants", search],
    queryFn: () => listParticipants(search),
  });
  const participants = rows(list.data);
  const summaries = useQueries({
    queries: participants.map((p) => ({
      queryKey: ["summary", String(p.id)],
      queryFn: () => getSummary(p.id),
      retry: false,
      staleTime: 30_000,
    })),
  });

  return (
    <section aria-labelledby="plist-title">
      <div className="page-head">
        <h1 id="plist-title">Participants</h1>
        <label className="search">
          <span>Find a code</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {list.isLoading && <Loading />}
      <ErrorNote error={list.error} what="The participant list" />
      {list.data && participants.length === 0 && (
        <p className="muted">No participants yet. A researcher or the study team enrols them.</p>
      )}
      {participants.length > 0 && (
        <div className="table-wrap">
          <table className="data-table cards-on-phone" data-testid="participant-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Study</th>
                <th scope="col">Last session</th>
                <th scope="col">This week</th>
                <th scope="col">Flags</th>
                {GLANCE_METRICS.map((key) => (
                  <th scope="col" key={key}>
                    {GLANCE_LABELS[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {participants.map((p, i) => {
                const metrics = summaries[i]?.data?.metrics ?? [];
                const planned = p.sessions_per_week_planned;
                const behind = planned !== null && p.sessions_this_week < planned;
                return (
                  <tr key={p.id} data-participant={p.code}>
                    <th scope="row">
                      <Link to={`/participants/${p.id}`}>{p.code}</Link>
                      {!p.has_consent && <span className="badge warn">no consent</span>}
                    </th>
                    <td data-label="Study">{p.study_name}</td>
                    <td data-label="Last session">{formatDate(p.last_session_at)}</td>
                    <td
                      className={behind ? "behind" : ""}
                      data-testid="this-week"
                      data-label="This week"
                    >
                      {p.sessions_this_week} of {planned ?? "–"}
                      {behind && <span className="sr-only"> (behind plan)</span>}
                    </td>
                    <td data-testid="flags" data-label="Flags">
                      <FlagList flags={participantFlags(p, metrics)} />
                    </td>
                    {GLANCE_METRICS.map((key) => {
                      const metric = metrics.find((m) => m.key === key);
                      return (
                        <td key={key} data-metric={key} data-label={GLANCE_LABELS[key]}>
                          {metric ? (
                            <span className="metric-cell">
                              <strong>{formatValue(metric.latest, metric.unit)}</strong>
                              <Sparkline
                                values={metric.series.map((point) => point.value)}
                                width={80}
                                height={26}
                                label={`${metric.label} over the last sessions`}
                              />
                              <TrendArrow metric={metric} compact />
                            </span>
                          ) : (
                            <span className="muted">–</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
