// The visits' screens, for App.tsx to place.

export { ParticipantVisits } from "./ParticipantVisits";
export { VisitSettings } from "./VisitSettings";
export { VisitsPage } from "./VisitsPage";
