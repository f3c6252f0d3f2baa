// Keeps a device in participant mode on its game: any other page of the app, reached by a link,
// the address bar or the browser's Back button, leads to the game again. Another game's link and
// the page for typing a game's code (/join) are games too: a participant's next session, on the
// device that opened the last one.

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
  // Anything else leads back, pushed rather than replaced: Back from the game comes here again,
  // so the history never runs out into the staff pages.
  if (mode && !reachable(pathname, mode.path)) return <Navigate to={mode.path} />;
  return <>{children}</>;
}

/** The pages a device in participant mode may show besides its own game. */
export function reachable(pathname: string, gamePath: string): boolean {
  return pathname === gamePath || pathname.startsWith("/play/") || pathname === "/join";
}
