import { useRef } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { RequireStaff, canResearch, useMe, useSignOut } from "../../auth/auth";
import { IdleSignOut } from "./idle";
import { useScrollBoxes } from "../../ui/scrollBoxes";
import { useReaderLanguage } from "../../i18n/LanguageProvider";

export function StaffLayout() {
  return (
    <RequireStaff>
      <StaffFrame />
    </RequireStaff>
  );
}

function StaffFrame() {
  const main = useRef<HTMLElement>(null);
  useScrollBoxes(main);
  const me = useMe().data;
  // The staff pages speak the staff member's language.
  useReaderLanguage(me?.language);
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="staff">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="staff-header">
        <div className="brand">Memulation Lab</div>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Participants
          </NavLink>
          {canResearch(me) && <NavLink to="/studies">Studies</NavLink>}
          {canResearch(me) && <NavLink to="/audit">Audit</NavLink>}
          {me?.role === "admin" && <NavLink to="/access">Access</NavLink>}
          <NavLink to="/account">Security</NavLink>
        </nav>
        <div className="who">
          <span>
            {me?.username} <span className="role">({me?.role})</span>
          </span>
          <button
            type="button"
            className="btn secondary small"
            onClick={() => {
              void signOut().then(() => navigate("/login"));
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
      {me && <IdleSignOut idleSeconds={me.idle_seconds} />}
    </div>
  );
}
