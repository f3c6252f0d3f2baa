// The participant's rights, for App.tsx to place on the participant's page.

export { ParticipantRights } from "./ParticipantRights";
