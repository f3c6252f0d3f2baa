// One study's page: its name and the tabs for its protocols, participants, claims, cohort,
// programme and exports.

import { Trans } from "@lingui/react/macro";
import { NavLink, Outlet, useParams } from "react-router";
import { ErrorNote, Loading } from "../../ui/widgets";
import { useStudy } from "./useStudy";
import { ArmsPanel } from "./ArmsPanel";
import { canResearch, useMe } from "../../auth/auth";

export function StudyLayout() {
  const { id = "" } = useParams();
  const study = useStudy(id);
  const me = useMe().data;
  if (study.isLoading) return <Loading />;
  if (!study.data) return <ErrorNote error={study.error} what="This study" />;
  return (
    <section aria-labelledby="study-title">
      <h1 id="study-title">{study.data.name}</h1>
      <ArmsPanel study={study.data} canOpen={canResearch(me)} />
      <nav className="tabs" aria-label="Study sections">
        <NavLink to={`/studies/${id}`} end>
          Protocols
        </NavLink>
        <NavLink to={`/studies/${id}/participants`}>Participants</NavLink>
        <NavLink to={`/studies/${id}/claims`}>Claims</NavLink>
        <NavLink to={`/studies/${id}/cohort`}>Cohort</NavLink>
        <NavLink to={`/studies/${id}/programme`}>Programme</NavLink>
        <NavLink to={`/studies/${id}/exports`}>Exports</NavLink>
        <NavLink to={`/studies/${id}/visits`}>
          <Trans>Visits</Trans>
        </NavLink>
      </nav>
      <Outlet />
    </section>
  );
}
