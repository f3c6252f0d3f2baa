import { render, screen, waitFor } from "../../../test/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { ApiError } from "../../../api/client";
import { memulationView } from "../../../test/views";
import type { Transport } from "../../../game/actionQueue";
import { enterParticipantMode, participantMode } from "../../../game/participantMode";
import { SettingsProvider } from "../../../game/settings";
import { GameScreen } from "../PlayPage";
import { ParticipantLock } from "./ParticipantLock";

function openAt(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <ParticipantLock>
        <Routes>
          <Route path="/play/:token" element={<p>A game</p>} />
          <Route path="/join" element={<p>Type the code</p>} />
          <Route path="/" element={<p>Staff dashboard</p>} />
        </Routes>
      </ParticipantLock>
    </MemoryRouter>,
  );
}

/** A link the server refuses with ``status`` and ``code``. */
function refused(status: number, code: string): Transport {
  return {
    get: vi.fn(async () => {
      throw new ApiError(status, { code, message: "refused" });
    }),
    act: vi.fn(),
    examine: vi.fn(),
  };
}

function linkScreen(transport: Transport, token: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/play/${token}`]}>
        <SettingsProvider>
          <GameScreen transport={transport} joinToken={token} keepDevice />
        </SettingsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => window.localStorage.clear());

describe("a device in participant mode", () => {
  it("opens the page for typing a game's code", async () => {
    await enterParticipantMode("/play/first");
    openAt("/join");
    expect(screen.getByText("Type the code")).toBeInTheDocument();
  });

  it("leads any other page back to its game", async () => {
    await enterParticipantMode("/play/first");
    openAt("/");
    expect(screen.getByText("A game")).toBeInTheDocument();
    expect(screen.queryByText("Staff dashboard")).not.toBeInTheDocument();
  });

  it("is kept on a participant's link once its game is there", async () => {
    const transport: Transport = {
      get: vi.fn(async () => memulationView()),
      act: vi.fn(),
      examine: vi.fn(),
    };
    linkScreen(transport, "works");
    await waitFor(() => expect(participantMode()?.path).toBe("/play/works"));
  });

  it("is not kept on a link that no longer works, and keeps the game it had", async () => {
    const dead = refused(404, "link_invalid");
    linkScreen(dead, "dead");
    expect(await screen.findByText("This game cannot be shown")).toBeInTheDocument();
    expect(participantMode()).toBeNull();

    await enterParticipantMode("/play/first");
    linkScreen(dead, "dead");
    await screen.findAllByText("This game cannot be shown");
    expect(participantMode()?.path).toBe("/play/first");
  });

  it("lets go of a link of its own that has stopped working", async () => {
    await enterParticipantMode("/play/gone");
    const dead = refused(410, "link_expired");
    linkScreen(dead, "gone");
    await screen.findByText("This game cannot be shown");
    await waitFor(() => expect(participantMode()).toBeNull());
  });
});
