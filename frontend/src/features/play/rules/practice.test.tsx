import { act, render, screen, within } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/i18n";
import type { Transport } from "../../../game/actionQueue";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";
import { memulationView, mendikotView } from "../../../test/views";
import { Rules } from "./Rules";
import { RulesButton } from "./RulesButton";
import { wildCards, wildWords } from "../../../game/wild";

function withSettings(node: React.ReactNode) {
  return render(<SettingsProvider>{node}</SettingsProvider>);
}

describe("the wild cards in everyday words", () => {
  it("names the three other cards of the Pritticut's rank", () => {
    expect(wildCards("4S")).toEqual(["4H", "4D", "4C"]);
    expect(wildWords("4S")).toBe("the four of hearts, the four of diamonds and the four of clubs");
    expect(wildCards("??")).toEqual([]);
  });
});

describe("the rules with pictures", () => {
  it("explain Memulation step by step, with the table's own cards", () => {
    withSettings(<Rules game="memulation" examinationSeconds={20} />);
    const rules = screen.getByTestId("rules-memulation");
    for (const title of [
      "What the game is",
      "Lucky Duck and Lame Duck",
      "The examination: look, then remember",
      "The Pritticut: trumps and wild cards",
      "Following suit",
      "The New Deal and the 'Stragedy",
    ]) {
      expect(within(rules).getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(rules).toHaveTextContent("hand A for 20 seconds");
    expect(rules).toHaveTextContent(
      "the wild cards are the seven of hearts, the seven of diamonds and the seven of clubs",
    );
    expect(rules).not.toHaveTextContent("every other");
    // The pictures are drawn cards (SVG), not images from elsewhere.
    expect(rules.querySelectorAll("svg.card-svg").length).toBeGreaterThan(10);
    expect(rules.querySelectorAll("img").length).toBe(0);
  });

  it("count the examination's seconds in the reader's plural forms", async () => {
    await act(() => activate("ar"));
    try {
      withSettings(<Rules game="memulation" examinationSeconds={10} />);
      expect(screen.getByTestId("rules-memulation")).toHaveTextContent(
        "اليد A لمدة 10 ثوانٍ، ثم اليد B لمدة 10 ثوانٍ",
      );
    } finally {
      await act(() => activate("en"));
    }
  });

  it("explain Mendikot's teams, tens and the trump rule in use", () => {
    withSettings(<Rules game="mendikot" trumpRule="hidden_ask" />);
    const rules = screen.getByTestId("rules-mendikot");
    expect(within(rules).getByRole("heading", { name: "Teams" })).toBeInTheDocument();
    expect(rules).toHaveTextContent("Your partner sits opposite");
    expect(rules).toHaveTextContent("ask for trump");
    expect(rules).not.toHaveTextContent("the first time a player cannot follow suit, the suit");
  });

  it("can be read again at any time from the table", async () => {
    withSettings(<RulesButton game="memulation" examinationSeconds={30} />);
    expect(screen.queryByTestId("rules-memulation")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "How to play" }));
    expect(screen.getByTestId("rules-memulation")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back to the game" }));
    expect(screen.queryByTestId("rules-memulation")).not.toBeInTheDocument();
  });
});

describe("the practice round on the device", () => {
  beforeEach(() => window.sessionStorage.clear());

  function practiceExam() {
    return memulationView(
      {
        phase: "examination",
        to_act: [0, 1],
        hand: null,
        trick: null,
        pritticut: null,
        examination: { done: false, hand: null, cards: null },
      },
      {
        id: 41,
        practice: true,
        examination: {
          round: 0,
          deal: 1,
          hand: "A",
          planned_seconds: 30,
          seconds_left: 30,
          waiting: true,
          starts_in_seconds: null,
          ready: false,
        },
      },
    );
  }

  it("shows the rules first, and no clock starts until the participant begins", async () => {
    const transport: Transport = {
      get: vi.fn(async () => practiceExam()),
      act: vi.fn(),
      examine: vi.fn(),
    };
    withSettings(<GameScreen transport={transport} />);
    const intro = await screen.findByTestId("practice-intro");
    expect(intro).toHaveTextContent("It does not count");
    expect(within(intro).getByTestId("rules-memulation")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Start the practice game" }));
    expect(await screen.findByRole("button", { name: "Start" })).toBeInTheDocument();
    expect(screen.getByTestId("practice-banner")).toHaveTextContent("does not count");
    expect(transport.examine).not.toHaveBeenCalled();
  });

  it("ends the practice once: over, did not count, the device goes back for the real game", async () => {
    const done = mendikotView(
      { finished: true, phase: "finished", to_act: [] },
      { practice: true, status: "finished" },
    );
    const transport: Transport = { get: vi.fn(async () => done), act: vi.fn(), examine: vi.fn() };
    withSettings(<GameScreen transport={transport} />);
    const ending = await screen.findByTestId("practice-done");
    expect(ending).toHaveTextContent("did not count");
    expect(ending).toHaveTextContent("give the device back");
    expect(ending).toHaveTextContent("start the real game");
    // Not the real game's end screen beside it.
    expect(screen.queryByTestId("match-summary")).not.toBeInTheDocument();
    expect(screen.queryByText(/hand the device back now/)).not.toBeInTheDocument();
  });

  it("leaves a real game as it was", async () => {
    const transport: Transport = {
      get: vi.fn(async () => ({ ...practiceExam(), practice: false })),
      act: vi.fn(),
      examine: vi.fn(),
    };
    withSettings(<GameScreen transport={transport} />);
    expect(await screen.findByRole("button", { name: "Start" })).toBeInTheDocument();
    expect(screen.queryByTestId("practice-intro")).not.toBeInTheDocument();
    expect(screen.queryByTestId("practice-banner")).not.toBeInTheDocument();
  });
});
