// The reminders' screens, for App.tsx to place.

export { OpenPage } from "./OpenPage";
export { OwnReminders } from "./OwnReminders";
export { ParticipantReminders } from "./ParticipantReminders";
export { StopPage } from "./StopPage";
