// A page that fails to draw (its code could not be loaded, or it threw) shows what happened and
// a way on, instead of React removing the whole app and leaving a blank screen. Going to another
// page clears it.

import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Link, useLocation } from "react-router";

export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={PageError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}

function PageError() {
  return (
    <section role="alert">
      <h1>
        <Trans>This page could not be shown</Trans>
      </h1>
      <p>
        <Trans>
          Load it again to try once more. If it keeps failing, the app may have been updated
          meanwhile or the connection lost.
        </Trans>
      </p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          <Trans>Load the page again</Trans>
        </button>{" "}
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </section>
  );
}
