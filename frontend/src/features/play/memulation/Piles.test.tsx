import { act, render, screen } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../../i18n/i18n";
import { leftToRight } from "../../../test/bidi";
import { OldPiles, positionWords } from "./Piles";
import type { OldPosition } from "./Piles";

function Picker() {
  const [chosen, setChosen] = useState<OldPosition | null>(null);
  return (
    <OldPiles
      piles={{ "0": [[true, true]], "1": [[true, false]] }}
      me={0}
      selectable
      chosen={chosen}
      onPick={setChosen}
    />
  );
}

afterEach(async () => {
  await act(() => activate("en"));
});

function pileLabels(container: HTMLElement): Element[] {
  return Array.from(container.querySelectorAll(".old-pile .pile-label"));
}

describe("the Old Deal's tricks in the 'Stragedy", () => {
  it("counts each pile with the label's colon spaced as the language writes it", async () => {
    await act(() => activate("fr"));
    const { container } = render(<Picker />);
    expect(pileLabels(container).map((label) => label.textContent)).toEqual([
      "Vos plis de l’Old Deal : 1",
      "Les plis de l’Old Deal de votre adversaire : 1",
    ]);
  });

  it("keeps the colon after the label and the count after it in Arabic", async () => {
    await act(() => activate("ar"));
    const { container } = render(<Picker />);
    const [mine] = pileLabels(container);
    expect(mine.textContent).toBe("لمّاتك في Old Deal: 1");
    // Isolated: after "Old Deal" the number would join its left-to-right run ("1 :Old Deal").
    expect(leftToRight(mine)).toEqual(["1"]);
  });

  it("labels each trick's led and followed card", () => {
    const { container } = render(<Picker />);
    const labels = Array.from(container.querySelectorAll(".old-slot-label"), (e) => e.textContent);
    expect(labels).toEqual(["led", "followed", "led", "followed"]);
    expect(
      screen.getByRole("button", { name: "opponent's trick 1, card led" }),
    ).toBeInTheDocument();
  });

  it("marks the chosen card clearly, and only that one", async () => {
    const { container } = render(<Picker />);
    await userEvent.click(screen.getByRole("button", { name: "your trick 1, card that followed" }));
    const chosen = screen.getByRole("button", { name: "your trick 1, card that followed" });
    expect(chosen).toHaveAttribute("aria-pressed", "true");
    expect(chosen).toHaveClass("selected");
    expect(chosen.querySelector(".chosen-mark")).not.toBeNull();
    expect(container.querySelectorAll(".chosen-mark")).toHaveLength(1);
  });

  it("says the chosen place in words", () => {
    expect(positionWords({ pile: 1, trick: 2, card: 1 }, 0)).toBe(
      "your opponent's trick 3, the card that followed",
    );
  });
});
