// Keeps a device in participant mode on its game: any other page of the app, reached by a link,
// the address bar or the browser's Back button, leads to the game again.

import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { participantMode } from "../../../game/participantMode";

export function useParticipantMode() {
  const [mode, setMode] = useState(participantMode);
  useEffect(() => {
    const changed = () => setMode(participantMode());
    window.addEventListener("participant-mode", changed);
    window.addEventListener("storage", changed);
    return () => {
      window.removeEventListener("participant-mode", changed);
      window.removeEventListener("storage", changed);
    };
  }, []);
  return mode;
}

export function ParticipantLock({ children }: { children: ReactNode }) {
  const mode = useParticipantMode();
  const { pathname } = useLocation();
  // Another game's link is a game page too (a participant's next session on their own phone).
  // Anything else leads back, pushed rather than replaced: Back from the game comes here again,
  // so the history never runs out into the staff pages.
  if (mode && pathname !== mode.path && !pathname.startsWith("/play/"))
    return <Navigate to={mode.path} />;
  return <>{children}</>;
}
