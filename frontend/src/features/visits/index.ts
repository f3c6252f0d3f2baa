// The visits' screens, for App.tsx to place.

export { VisitSettings } from "./VisitSettings";
export { VisitsPage } from "./VisitsPage";
