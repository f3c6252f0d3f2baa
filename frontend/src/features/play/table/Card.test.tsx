import { render, screen } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Card } from "../../../game/Card";
import { PlayHand } from "./Hand";

describe("Card", () => {
  it("draws a face-up card as an SVG named in words", () => {
    render(<Card card="TS" />);
    const card = screen.getByRole("img", { name: "ten of spades" });
    expect(card.tagName.toLowerCase()).toBe("svg");
    expect(card).toHaveTextContent("10");
    expect(card).toHaveTextContent("♠");
  });

  it("hides a face-down card's identity", () => {
    const { container } = render(<Card card="QH" faceDown />);
    expect(screen.getByRole("img", { name: "face-down card" })).toBeInTheDocument();
    expect(container.textContent).not.toContain("Q");
  });

  it("colours diamonds differently from hearts in the four-colour deck", () => {
    const { container } = render(
      <>
        <Card card="2H" palette="four" />
        <Card card="2D" palette="four" />
      </>,
    );
    const fills = Array.from(container.querySelectorAll("svg")).map((svg) =>
      svg.querySelector("text")?.getAttribute("fill"),
    );
    expect(fills[0]).not.toBe(fills[1]);
  });

  it("marks wild cards and trumps", () => {
    render(
      <>
        <Card card="7C" wild />
        <Card card="AD" trump />
      </>,
    );
    expect(screen.getByRole("img", { name: "seven of clubs" })).toHaveTextContent("WILD");
    expect(screen.getByRole("img", { name: "ace of diamonds" })).toHaveTextContent("TRUMP");
  });
});

describe("PlayHand", () => {
  it("highlights the legal cards and says so to screen readers", () => {
    render(
      <PlayHand
        cards={["2S", "KH", "7C"]}
        legal={["2S", "7C"]}
        wild="7"
        yourTurn
        onPlay={() => undefined}
        label="Your hand"
      />,
    );
    const two = screen.getByRole("button", { name: /two of spades/ });
    const king = screen.getByRole("button", { name: /king of hearts/ });
    const seven = screen.getByRole("button", { name: /seven of clubs/ });
    expect(two).toHaveClass("legal");
    expect(two).toHaveAccessibleName("two of spades, you may play it");
    expect(king).toHaveClass("not-legal");
    expect(king).toHaveAccessibleName("king of hearts, not allowed now");
    expect(seven).toHaveAccessibleName("seven of clubs, wild card, you may play it");
  });

  it("highlights nothing while it is not the player's turn", () => {
    render(
      <PlayHand
        cards={["2S"]}
        legal={["2S"]}
        yourTurn={false}
        disabled
        onPlay={() => undefined}
        label="h"
      />,
    );
    const card = screen.getByRole("button", { name: "two of spades" });
    expect(card).not.toHaveClass("legal");
    expect(card).toBeDisabled();
  });

  it("plays by click and by keyboard (arrow keys, then Enter)", async () => {
    const onPlay = vi.fn();
    const user = userEvent.setup();
    render(
      <PlayHand cards={["2S", "KH", "7C"]} legal={["2S"]} yourTurn onPlay={onPlay} label="h" />,
    );
    await user.click(screen.getByRole("button", { name: /king of hearts/ }));
    expect(onPlay).toHaveBeenLastCalledWith("KH");
    screen.getByRole("button", { name: /two of spades/ }).focus();
    await user.keyboard("{ArrowRight}{ArrowRight}{Enter}");
    expect(onPlay).toHaveBeenLastCalledWith("7C");
  });
});
