// The study pages the app routes to (loaded on demand).

export { ClaimsTab } from "./ClaimsTab";
export { CohortTab } from "./CohortTab";
export { ProtocolsTab } from "./ProtocolsTab";
export { StudiesPage } from "./StudiesPage";
export { StudyLayout } from "./StudyLayout";
export { StudyParticipantsTab } from "./StudyParticipantsTab";
