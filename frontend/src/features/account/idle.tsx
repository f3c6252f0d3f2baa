// Signing out after a time without activity: the server ends a staff session after
// `idle_seconds` without a request; the page counts the person's own activity (keys, pointer,
// scrolling), warns a minute before, and signs out itself when the time is up.

import { Plural, Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { getMe } from "../../api/auth";
import { useSignOut } from "../../auth/auth";

const WARNING_SECONDS = 60;
const ACTIVITY = ["keydown", "pointerdown", "wheel", "touchstart"] as const;

export function IdleSignOut({ idleSeconds }: { idleSeconds: number }) {
  const [left, setLeft] = useState<number | null>(null);
  const lastActive = useRef(0);
  const signOut = useSignOut();
  const navigate = useNavigate();
  // The latest of these, without restarting the clock each time the page draws.
  const leave = useRef(() => {});
  useEffect(() => {
    leave.current = () =>
      void signOut().then(() => navigate("/login?reason=idle", { replace: true }));
  });

  useEffect(() => {
    lastActive.current = Date.now();
    const active = () => {
      lastActive.current = Date.now();
    };
    for (const kind of ACTIVITY) window.addEventListener(kind, active, { passive: true });
    const timer = window.setInterval(() => {
      const idle = (Date.now() - lastActive.current) / 1000;
      if (idle >= idleSeconds) {
        window.clearInterval(timer);
        leave.current();
      } else if (idle >= idleSeconds - WARNING_SECONDS) {
        setLeft(Math.ceil(idleSeconds - idle));
      } else {
        setLeft(null);
      }
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const kind of ACTIVITY) window.removeEventListener(kind, active);
    };
  }, [idleSeconds]);

  if (left === null) return null;
  return (
    <div className="idle-warning" role="alertdialog" aria-labelledby="idle-title" aria-modal="true">
      <h2 id="idle-title">
        <Trans>Still there?</Trans>
      </h2>
      <p>
        <Plural
          value={left}
          one="You will be signed out in # second because nothing has happened for a while."
          other="You will be signed out in # seconds because nothing has happened for a while."
        />
      </p>
      <button
        type="button"
        className="btn primary"
        autoFocus
        onClick={() => {
          lastActive.current = Date.now();
          setLeft(null);
          void getMe(); // a request: the server's idle time starts again too
        }}
      >
        <Trans>Stay signed in</Trans>
      </button>
    </div>
  );
}
