// A study's cohort: the participants' measures side by side.

import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ErrorNote, Loading } from "../../ui/widgets";
import { getCohort } from "./api";
import { RecordTable } from "./RecordTable";

export function CohortTab() {
  const { id = "" } = useParams();
  const cohort = useQuery({
    queryKey: ["cohort", id],
    queryFn: () => getCohort(id),
    retry: false,
  });
  return (
    <div>
      {cohort.isLoading && <Loading />}
      <ErrorNote error={cohort.error} what="The cohort view" />
      {cohort.data !== undefined && <RecordTable data={cohort.data} />}
    </div>
  );
}
