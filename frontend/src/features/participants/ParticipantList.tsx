// The clinician's dashboard: every participant at a glance.

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { rows } from "../../api/client";
import { formatNumber } from "../../i18n/format";
import { FlagList, GLANCE_METRICS, LatestValue, WeekAgainstPlan, participantFlags } from "./glance";
import { ErrorNote, Loading, Sparkline, TrendArrow, formatDate } from "../../ui/widgets";
import { getSummary, listParticipants } from "../../api/participants";
import "./cardTable.css";

const GLANCE_LABELS: Record<string, MessageDescriptor> = {
  recall_hit: msg`Recall`,
  optimal_play_rate: msg`Best plays`,
  decision_time_median_ms: msg`Decision time`,
};

export function useSummary(id: number | string) {
  return useQuery({
    queryKey: ["summary", String(id)],
    queryFn: () => getSummary(id),
    retry: false,
  });
}

/** The list, with the page's own `actions` between its heading and its rows: there they stay
 * put while the list loads, instead of moving down under a finger or a pointer about to press
 * them, and a long list does not push them out of sight. */
export function ParticipantListPage({ actions }: { actions?: ReactNode }) {
  const { t, i18n } = useLingui();
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
        <h1 id="plist-title">
          <Trans>Participants</Trans>
        </h1>
        <label className="search">
          <span>
            <Trans>Find a code</Trans>
          </span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {actions}
      {list.isLoading && <Loading />}
      <ErrorNote error={list.error} what={t`The participant list`} />
      {list.data && participants.length === 0 && (
        <p className="muted">
          <Trans>No participants yet. A researcher or the study team enrols them.</Trans>
        </p>
      )}
      {participants.length > 0 && (
        <div className="table-wrap">
          <table className="data-table cards-on-phone" data-testid="participant-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Code</Trans>
                </th>
                <th scope="col">
                  <Trans>Study</Trans>
                </th>
                <th scope="col">
                  <Trans>Last session</Trans>
                </th>
                <th scope="col">
                  <Trans>This week</Trans>
                </th>
                <th scope="col">
                  <Trans>Flags</Trans>
                </th>
                {GLANCE_METRICS.map((key) => (
                  <th scope="col" key={key}>
                    {i18n._(GLANCE_LABELS[key])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {participants.map((p, i) => {
                const metrics = summaries[i]?.data?.metrics ?? [];
                const planned = p.sessions_per_week_planned;
                const behind = planned !== null && p.sessions_this_week < planned;
                const thisWeek = formatNumber(p.sessions_this_week);
                const plan = planned ? formatNumber(planned) : null;
                return (
                  <tr key={p.id} data-participant={p.code}>
                    <th scope="row">
                      <Link to={`/participants/${p.id}`}>{p.code}</Link>
                      {!p.has_consent && (
                        <span className="badge warn">
                          <Trans>no consent</Trans>
                        </span>
                      )}
                    </th>
                    <td data-label={t`Study`}>{p.study_name}</td>
                    <td data-label={t`Last session`}>{formatDate(p.last_session_at)}</td>
                    <td
                      className={behind ? "behind" : ""}
                      data-testid="this-week"
                      data-label={t`This week`}
                    >
                      {plan !== null ? (
                        <Trans>
                          {thisWeek} of {plan}
                        </Trans>
                      ) : (
                        // As on the participant's page: nothing is planned, none is missed.
                        <WeekAgainstPlan held={p.sessions_this_week} planned={planned} />
                      )}
                      {behind && (
                        <span className="sr-only">
                          {" "}
                          <Trans>(behind plan)</Trans>
                        </span>
                      )}
                    </td>
                    <td data-testid="flags" data-label={t`Flags`}>
                      <FlagList flags={participantFlags(p, metrics)} />
                    </td>
                    {GLANCE_METRICS.map((key) => {
                      const metric = metrics.find((m) => m.key === key);
                      const label = metric?.label;
                      return (
                        <td key={key} data-metric={key} data-label={i18n._(GLANCE_LABELS[key])}>
                          {metric ? (
                            <span className="metric-cell">
                              <span className="glance-latest">
                                <LatestValue metric={metric} />
                              </span>
                              <Sparkline
                                values={metric.series.map((point) => point.value)}
                                width={80}
                                height={26}
                                label={t`${label} over the last sessions`}
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
