// One study's page: its name and the tabs for its protocols, participants, claims, cohort,
// programme and exports.

import { Trans, useLingui } from "@lingui/react/macro";
import { NavLink, Outlet, useParams } from "react-router";
import { ErrorNote, Loading } from "../../ui/widgets";
import { useStudy } from "./useStudy";
import { ArmsPanel } from "./ArmsPanel";
import { canResearch, useMe } from "../../auth/auth";

export function StudyLayout() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const study = useStudy(id);
  const me = useMe().data;
  if (study.isLoading) return <Loading />;
  if (!study.data) return <ErrorNote error={study.error} what={t`This study`} />;
  return (
    <section aria-labelledby="study-title">
      <h1 id="study-title">{study.data.name}</h1>
      <ArmsPanel study={study.data} canOpen={canResearch(me)} />
      <nav className="tabs" aria-label={t`Study sections`}>
        <NavLink to={`/studies/${id}`} end>
          <Trans>Protocols</Trans>
        </NavLink>
        <NavLink to={`/studies/${id}/participants`}>
          <Trans>Participants</Trans>
        </NavLink>
        <NavLink to={`/studies/${id}/claims`}>
          <Trans>Claims</Trans>
        </NavLink>
        <NavLink to={`/studies/${id}/cohort`}>
          <Trans>Cohort</Trans>
        </NavLink>
        <NavLink to={`/studies/${id}/programme`}>
          <Trans>Programme</Trans>
        </NavLink>
        <NavLink to={`/studies/${id}/exports`}>
          <Trans>Exports</Trans>
        </NavLink>
        <NavLink to={`/studies/${id}/visits`}>
          <Trans>Visits</Trans>
        </NavLink>
      </nav>
      <Outlet />
    </section>
  );
}
