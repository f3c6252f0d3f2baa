import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter, Link, Route, Routes } from "react-router";
import { DevicePlayPage, StaffPlayPage } from "./game/PlayPage";
import { SettingsProvider } from "./game/settings";
import { ExportsTab } from "./staff/Exports";
import { StaffLayout } from "./staff/Layout";
import { LoginPage } from "./staff/Login";
import { DashboardPage } from "./staff/Dashboard";
import { ParticipantPage } from "./staff/ParticipantPage";
import { SessionPage } from "./staff/SessionPage";
import {
  CohortTab,
  ProtocolsTab,
  StudiesPage,
  StudyLayout,
  StudyParticipantsTab,
} from "./staff/Studies";
import { RequireStaff } from "./staff/auth";

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
        <Route index element={<DashboardPage />} />
        <Route path="participants/:id" element={<ParticipantPage />} />
        <Route path="sessions/:id" element={<SessionPage />} />
        <Route path="studies" element={<StudiesPage />} />
        <Route path="studies/:id" element={<StudyLayout />}>
          <Route index element={<ProtocolsTab />} />
          <Route path="participants" element={<StudyParticipantsTab />} />
          <Route path="cohort" element={<CohortTab />} />
          <Route path="exports" element={<ExportsTab />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the participants</Link>
      </p>
    </section>
  );
}

export function App() {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SettingsProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
