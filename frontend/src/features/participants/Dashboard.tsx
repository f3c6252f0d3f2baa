import { useState } from "react";
import { EnrolForm } from "./Enrol";
import { ParticipantListPage } from "./ParticipantList";

export function DashboardPage() {
  const [enrolling, setEnrolling] = useState(false);
  return (
    <>
      <ParticipantListPage />
      {enrolling ? (
        <EnrolForm />
      ) : (
        <button type="button" className="btn primary" onClick={() => setEnrolling(true)}>
          Enrol a participant
        </button>
      )}
    </>
  );
}
