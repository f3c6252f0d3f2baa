import { render, screen, waitFor } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../../api/client";
import { memulationView, mendikotView } from "../../test/views";
import type { Transport } from "../../game/actionQueue";
import { GameScreen } from "./PlayPage";
import { SettingsProvider } from "../../game/settings";
import type { SeatView } from "../../game/types";

function screenWith(transport: Transport) {
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} />
    </SettingsProvider>,
  );
}

describe("the participant's table", () => {
  it("explains a refused card in plain words and fetches the table again", async () => {
    const view = memulationView();
    const transport: Transport = {
      get: vi.fn(async () => view),
      act: vi.fn(async () => {
        throw new ApiError(400, { code: "must_follow_suit", message: "must follow suit" });
      }),
      examine: vi.fn(),
    };
    screenWith(transport);
    await userEvent.click(await screen.findByRole("button", { name: /king of hearts/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You have a spade, so you must play a spade (or a wild card). The king of hearts cannot be played now.",
    );
    const body = vi.mocked(transport.act).mock.calls[0][0];
    expect(body).toMatchObject({ type: "play", card: "KH", version: 10 });
    expect(body.decision_ms).toBeGreaterThanOrEqual(0);
    await waitFor(() => expect(transport.get).toHaveBeenCalledTimes(2));
  });

  it("shows a lost connection clearly and resumes, resending the same move", async () => {
    const sent: Record<string, unknown>[] = [];
    let attempts = 0;
    const after: SeatView = memulationView(
      { to_act: [0], hand: ["9S", "KH", "3D", "7C"], trick: { number: 9, leader: 0, cards: [] } },
      { version: 13 },
    );
    const transport: Transport = {
      get: vi.fn(async () => memulationView()),
      act: vi.fn<Transport["act"]>(async (body) => {
        sent.push({ ...body });
        attempts += 1;
        if (attempts <= 2) throw new NetworkError();
        return after;
      }),
      examine: vi.fn(),
    };
    screenWith(transport);
    await userEvent.click(await screen.findByRole("button", { name: /two of spades/ }));
    expect(await screen.findByTestId("connection-lost")).toHaveTextContent(
      "The connection was lost",
    );
    await waitFor(() => expect(screen.queryByTestId("connection-lost")).not.toBeInTheDocument(), {
      timeout: 4000,
    });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((b) => b.event_id)).size).toBe(1);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /two of spades/ })).not.toBeInTheDocument(),
    );
  });

  it("offers Mendikot's ask for trump and shows the own hidden card only to its owner", async () => {
    const transport: Transport = {
      get: vi.fn(async () => mendikotView({ hidden_owner: 0, hidden_trump: "5C", can_ask: false })),
      act: vi.fn(),
      examine: vi.fn(),
    };
    screenWith(transport);
    expect(await screen.findByTestId("own-hidden-trump")).toHaveTextContent("trump will be clubs");
    expect(screen.queryByTestId("ask-trump")).not.toBeInTheDocument();
    expect(screen.getByTestId("trump-indicator")).toHaveTextContent("Trump is hidden: you hold it");
  });

  it("sends ask_trump when the button is offered", async () => {
    const transport: Transport = {
      get: vi.fn(async () => mendikotView()),
      act: vi.fn(async () =>
        mendikotView({ can_ask: false, trump: "D", trump_hidden: false }, { version: 21 }),
      ),
      examine: vi.fn(),
    };
    screenWith(transport);
    expect(screen.queryByTestId("own-hidden-trump")).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Ask for trump" }));
    expect(vi.mocked(transport.act).mock.calls[0][0]).toMatchObject({
      type: "ask_trump",
      version: 20,
    });
    expect(await screen.findByTestId("trump-indicator")).toHaveTextContent("Trump: diamonds");
  });

  it("lays out the four seats with the partner opposite", async () => {
    const transport: Transport = {
      get: vi.fn(async () => mendikotView()),
      act: vi.fn(),
      examine: vi.fn(),
    };
    const { container } = screenWith(transport);
    await screen.findByTestId("trump-indicator");
    expect(container.querySelector(".seat-top")).toHaveTextContent("Partner");
    expect(container.querySelector(".seat-top")).toHaveClass("team-us");
    expect(container.querySelector(".seat-right")).toHaveTextContent("Right opponent");
    expect(container.querySelector(".seat-left")).toHaveClass("team-them");
  });

  it("names the cards on the table as a group, empty or not (a label needs a role)", async () => {
    for (const view of [memulationView(), mendikotView()]) {
      const transport: Transport = { get: vi.fn(async () => view), act: vi.fn(), examine: vi.fn() };
      const { unmount } = screenWith(transport);
      expect(await screen.findByRole("group", { name: "Cards on the table" })).toBeInTheDocument();
      unmount();
    }
  });
});
