import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { Suspense, lazy, useState } from "react";
import type { ReactNode } from "react";
import { BrowserRouter, Link, Navigate, Route, Routes } from "react-router";
import { DevicePlayPage, StaffPlayPage } from "./features/play/PlayPage";
import { PageErrorBoundary } from "./ui/PageErrorBoundary";
import { JoinPage } from "./features/tables/JoinPage";
import { SettingsProvider } from "./game/settings";
import { ParticipantLock } from "./features/play/device/ParticipantLock";
import { StaffLayout } from "./features/account/Layout";
import { LoginPage } from "./features/account/Login";
import { DashboardPage } from "./features/participants/Dashboard";
import { RequireStaff, useMe } from "./auth/auth";
import { LanguageProvider } from "./i18n/LanguageProvider";

// The staff pages with charts and QR codes load on demand: a participant's tablet needs only
// the card table.
const ParticipantPage = lazy(() =>
  import("./features/participants/ParticipantPage").then((m) => ({ default: m.ParticipantPage })),
);
const SessionPage = lazy(() =>
  import("./features/sessions/SessionPage").then((m) => ({ default: m.SessionPage })),
);
const ReplayPage = lazy(() =>
  import("./features/sessions/Replay").then((m) => ({ default: m.ReplayPage })),
);
const ExportsTab = lazy(() =>
  import("./features/exports/Exports").then((m) => ({ default: m.ExportsTab })),
);
const ProgressPage = lazy(() =>
  import("./features/programme/ProgressPage").then((m) => ({ default: m.ProgressPage })),
);
const ProgrammeTab = lazy(() =>
  import("./features/programme/ProgrammeTab").then((m) => ({ default: m.ProgrammeTab })),
);
const reminders = () => import("./features/reminders");
const OwnReminders = lazy(() => reminders().then((m) => ({ default: m.OwnReminders })));
const ParticipantReminders = lazy(() =>
  reminders().then((m) => ({ default: m.ParticipantReminders })),
);
const ReminderStopPage = lazy(() => reminders().then((m) => ({ default: m.StopPage })));
const ReminderOpenPage = lazy(() => reminders().then((m) => ({ default: m.OpenPage })));
const visits = () => import("./features/visits");
const VisitsPage = lazy(() => visits().then((m) => ({ default: m.VisitsPage })));
const VisitSettings = lazy(() => visits().then((m) => ({ default: m.VisitSettings })));
const ParticipantVisits = lazy(() => visits().then((m) => ({ default: m.ParticipantVisits })));
const ParticipantRights = lazy(() =>
  import("./features/rights").then((m) => ({ default: m.ParticipantRights })),
);
const studies = () => import("./features/studies");
const StudiesPage = lazy(() => studies().then((m) => ({ default: m.StudiesPage })));
const StudyLayout = lazy(() => studies().then((m) => ({ default: m.StudyLayout })));
const ProtocolsTab = lazy(() => studies().then((m) => ({ default: m.ProtocolsTab })));
const StudyParticipantsTab = lazy(() =>
  studies().then((m) => ({ default: m.StudyParticipantsTab })),
);
const CohortTab = lazy(() => studies().then((m) => ({ default: m.CohortTab })));
const ClaimsTab = lazy(() => studies().then((m) => ({ default: m.ClaimsTab })));
const AccountPage = lazy(() =>
  import("./features/account/AccountPage").then((m) => ({ default: m.AccountPage })),
);
const AccessReviewPage = lazy(() =>
  import("./features/account/AccessReview").then((m) => ({ default: m.AccessReviewPage })),
);
const AuditPage = lazy(() =>
  import("./features/audit/AuditPage").then((m) => ({ default: m.AuditPage })),
);
const OpenTablePage = lazy(() =>
  import("./features/tables/OpenTable").then((m) => ({ default: m.OpenTablePage })),
);
const TablePage = lazy(() =>
  import("./features/tables/TablePage").then((m) => ({ default: m.TablePage })),
);
const WatchPage = lazy(() =>
  import("./features/tables/WatchPage").then((m) => ({ default: m.WatchPage })),
);

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/play/:token" element={<DevicePlayPage />} />
      <Route path="/join" element={<JoinPage />} />
      <Route
        path="/progress/:token"
        element={
          <Suspense
            fallback={
              <p>
                <Trans>Loading…</Trans>
              </p>
            }
          >
            <ProgressPage>
              <OwnReminders />
            </ProgressPage>
          </Suspense>
        }
      />
      <Route
        path="/r/:token"
        element={
          <Page>
            <ReminderOpenPage />
          </Page>
        }
      />
      <Route
        path="/reminders/stop/:token"
        element={
          <Page>
            <ReminderStopPage />
          </Page>
        }
      />
      <Route
        path="/games/:id/play"
        element={
          <RequireStaff>
            <StaffPlayPage />
          </RequireStaff>
        }
      />
      <Route path="/login" element={<LoginPage />} />
      <Route element={<StaffLayout />}>
        <Route index element={<Home />} />
        <Route
          path="participants/:id"
          element={
            <Page>
              <ParticipantPage />
              <ParticipantVisits />
              <ParticipantReminders />
              <ParticipantRights />
            </Page>
          }
        />
        <Route
          path="visits"
          element={
            <Page>
              <VisitsPage />
            </Page>
          }
        />
        <Route
          path="sessions/:id"
          element={
            <Page>
              <SessionPage />
            </Page>
          }
        />
        <Route
          path="sessions/:id/replay"
          element={
            <Page>
              <ReplayPage />
            </Page>
          }
        />
        <Route
          path="account"
          element={
            <Page>
              <AccountPage />
            </Page>
          }
        />
        <Route
          path="access"
          element={
            <Page>
              <AccessReviewPage />
            </Page>
          }
        />
        <Route
          path="audit"
          element={
            <Page>
              <AuditPage />
            </Page>
          }
        />
        <Route
          path="tables/new"
          element={
            <Page>
              <OpenTablePage />
            </Page>
          }
        />
        <Route
          path="tables/:id"
          element={
            <Page>
              <TablePage />
            </Page>
          }
        />
        <Route
          path="games/:id/watch"
          element={
            <Page>
              <WatchPage />
            </Page>
          }
        />
        <Route
          path="studies"
          element={
            <Page>
              <StudiesPage />
            </Page>
          }
        />
        <Route
          path="studies/:id"
          element={
            <Page>
              <StudyLayout />
            </Page>
          }
        >
          <Route
            index
            element={
              <Page>
                <ProtocolsTab />
              </Page>
            }
          />
          <Route
            path="participants"
            element={
              <Page>
                <StudyParticipantsTab />
              </Page>
            }
          />
          <Route
            path="claims"
            element={
              <Page>
                <ClaimsTab />
              </Page>
            }
          />
          <Route
            path="cohort"
            element={
              <Page>
                <CohortTab />
              </Page>
            }
          />
          <Route
            path="programme"
            element={
              <Page>
                <ProgrammeTab />
              </Page>
            }
          />
          <Route
            path="exports"
            element={
              <Page>
                <ExportsTab />
              </Page>
            }
          />
          <Route
            path="visits"
            element={
              <Page>
                <VisitSettings />
              </Page>
            }
          />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

// A blinded assessor's work is the visits; the participant list is for the teams that see
// the training.
function Home() {
  const me = useMe().data;
  return me?.role === "assessor" ? <Navigate to="/visits" replace /> : <DashboardPage />;
}

function NotFound() {
  return (
    <section>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Link to="/">
          <Trans>Back to the participants</Trans>
        </Link>
      </p>
    </section>
  );
}

export function App() {
  const [client] = useState(makeQueryClient);
  return (
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <SettingsProvider>
          <BrowserRouter>
            <ParticipantLock>
              <PageErrorBoundary>
                <AppRoutes />
              </PageErrorBoundary>
            </ParticipantLock>
          </BrowserRouter>
        </SettingsProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
