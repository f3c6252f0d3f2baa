import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { RequireStaff, canResearch, useMe, useSignOut } from "../../auth/auth";
import { IdleSignOut } from "./idle";
import { useScrollBoxes } from "../../ui/scrollBoxes";
import { useReaderLanguage } from "../../i18n/LanguageProvider";
import { roleName } from "./names";

// The app's own name, the same in every language.
export const LAB = "Memulation Lab";

export function StaffLayout() {
  return (
    <RequireStaff>
      <StaffFrame />
    </RequireStaff>
  );
}

function StaffFrame() {
  const { i18n, t } = useLingui();
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
        <Trans>Skip to content</Trans>
      </a>
      <header className="staff-header">
        <div className="brand">{LAB}</div>
        <nav aria-label={t`Main`}>
          {/* A blinded assessor may not see the participants' training, only their visits. */}
          {me?.role !== "assessor" && (
            <NavLink to="/" end>
              <Trans>Participants</Trans>
            </NavLink>
          )}
          {/* Every role sees the visits of the participants it may see. */}
          <NavLink to="/visits">
            <Trans>Visits</Trans>
          </NavLink>
          {canResearch(me) && (
            <NavLink to="/studies">
              <Trans>Studies</Trans>
            </NavLink>
          )}
          {canResearch(me) && (
            <NavLink to="/audit">
              <Trans>Audit</Trans>
            </NavLink>
          )}
          {me?.role === "admin" && (
            <NavLink to="/access">
              <Trans>Access</Trans>
            </NavLink>
          )}
          <NavLink to="/account">
            <Trans>Security</Trans>
          </NavLink>
        </nav>
        <div className="who">
          <span>
            {me?.username} <span className="role">({me ? roleName(i18n, me.role) : ""})</span>
          </span>
          <button
            type="button"
            className="btn secondary small"
            onClick={() => {
              void signOut().then(() => navigate("/login"));
            }}
          >
            <Trans>Sign out</Trans>
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
