import { act, render, screen } from "../test/render";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../i18n/i18n";
import { CardButton } from "./Card";
import { SettingsProvider } from "./settings";

afterEach(async () => {
  await act(() => activate("en"));
});

describe("a card a person can press", () => {
  it("is named by its card, then what it is, with the reader's comma between", async () => {
    const button = () => (
      <SettingsProvider>
        <CardButton card="4S" wild hint="playable" />
      </SettingsProvider>
    );
    const { unmount } = render(button());
    expect(screen.getByRole("button")).toHaveAccessibleName("four of spades, wild card, playable");
    unmount();
    await act(() => activate("ar"));
    render(button());
    const name = screen.getByRole("button").textContent ?? "";
    expect(name.split("، ")).toHaveLength(3);
    expect(name).not.toContain(",");
  });
});
