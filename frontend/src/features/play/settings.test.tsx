import { render, screen } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { memulationView } from "../../test/views";
import { GameScreen } from "./PlayPage";
import { SettingsProvider, effectiveCardSize } from "../../game/settings";

beforeEach(() => window.localStorage.clear());

describe("the card size", () => {
  it("is at least large with larger print", () => {
    const base = { palette: "two" as const, trickPauseMs: 100 };
    expect(effectiveCardSize({ ...base, largePrint: false, cardSize: "standard" })).toBe(
      "standard",
    );
    expect(effectiveCardSize({ ...base, largePrint: true, cardSize: "standard" })).toBe("large");
    expect(effectiveCardSize({ ...base, largePrint: true, cardSize: "largest" })).toBe("largest");
  });

  it("is set from the table's display options and kept on the device", async () => {
    const view = memulationView();
    render(
      <SettingsProvider>
        <GameScreen transport={{ get: vi.fn(async () => view), act: vi.fn(), examine: vi.fn() }} />
      </SettingsProvider>,
    );
    await userEvent.click(await screen.findByLabelText("Larger print"));
    expect(document.documentElement.dataset.cardSize).toBe("large");
    await userEvent.selectOptions(screen.getByLabelText("Cards"), "largest");
    expect(document.documentElement.dataset.cardSize).toBe("largest");
    expect(JSON.parse(window.localStorage.getItem("memulation.display") ?? "{}")).toMatchObject({
      largePrint: true,
      cardSize: "largest",
    });
  });
});
