// The page a reminder e-mail's link lands on: the link works once, so it is spent here (once,
// however often the page renders) and the participant goes on to their progress page.

import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router";
import { openReminder } from "../../api/reminders";
import { errorText } from "../../ui/widgets";

export function OpenPage() {
  const { token = "" } = useParams();
  const opened = useQuery({
    queryKey: ["reminder-open", token],
    queryFn: () => openReminder(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (opened.data) return <Navigate to={opened.data.path} replace />;
  return (
    <main className="progress-page" aria-labelledby="open-title">
      <h1 id="open-title">
        <Trans>Your training</Trans>
      </h1>
      {opened.isLoading && (
        <p role="status">
          <Trans>Opening your page…</Trans>
        </p>
      )}
      {opened.error && (
        <>
          <p className="form-error" role="alert">
            {errorText(opened.error)}
          </p>
          <p>
            <Trans>Ask your clinical team for a new link to your page.</Trans>
          </p>
        </>
      )}
    </main>
  );
}
