import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { EnrolForm } from "../../ui/Enrol";
import { ParticipantListPage } from "./ParticipantList";

export function DashboardPage() {
  const [enrolling, setEnrolling] = useState(false);
  return (
    <ParticipantListPage
      actions={
        enrolling ? (
          <EnrolForm />
        ) : (
          <div className="row-actions">
            <button type="button" className="btn primary" onClick={() => setEnrolling(true)}>
              <Trans>Enrol a participant</Trans>
            </button>
            <Link className="btn secondary" to="/tables/new" data-testid="open-table">
              <Trans>Open a table</Trans>
            </Link>
          </div>
        )
      }
    />
  );
}
