import { act, render, screen } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Examination } from "./Examination";
import { Countdown, useCountdown, useTimeUp } from "../table/Countdown";

function Clock({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds, "A");
  return left === null ? null : <Countdown left={left} planned={30} label="to look" />;
}

describe("the examination countdown", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setInterval", "setTimeout", "performance"] }));
  afterEach(() => vi.useRealTimers());

  it("counts down from the server's figure, visibly", () => {
    render(<Clock seconds={12} />);
    expect(screen.getByTestId("countdown")).toHaveTextContent("12");
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId("countdown")).toHaveTextContent("9");
    expect(screen.getByRole("timer")).toHaveAccessibleName("9 seconds left to look");
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByTestId("countdown")).toHaveTextContent("0");
  });

  it("tells a screen that time is up once, without drawing it at every tick", () => {
    const drawn = vi.fn();
    function Screen({ seconds }: { seconds: number }) {
      drawn();
      return <p>{useTimeUp(seconds, "A") ? "up" : "running"}</p>;
    }
    render(<Screen seconds={2} />);
    const first = drawn.mock.calls.length;
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText("running")).toBeInTheDocument();
    expect(drawn).toHaveBeenCalledTimes(first);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByText("up")).toBeInTheDocument();
  });

  it("takes the hand away when its seconds run out", () => {
    render(<Examination {...base} secondsLeft={3} />);
    expect(screen.getAllByRole("button", { name: /of/ })).toHaveLength(4);
    act(() => {
      vi.advanceTimersByTime(3100);
    });
    expect(screen.queryByRole("button", { name: /of spades/ })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Time is up for hand A");
  });
});

const base = {
  hand: "A" as const,
  deal: 1,
  cards: ["2S", "9S", "KH", "3D"],
  wild: null,
  planned: 30,
  ready: false,
  pending: false,
  clockKey: "A",
  onSort: () => undefined,
  onReady: () => undefined,
};

describe("Examination", () => {
  it("shows the hand with the seconds left and an I'm ready button", async () => {
    const onReady = vi.fn();
    render(<Examination {...base} secondsLeft={20} onReady={onReady} />);
    expect(screen.getByRole("heading", { name: "Look carefully at hand A" })).toBeInTheDocument();
    expect(screen.getByTestId("countdown")).toHaveTextContent("20");
    expect(screen.getAllByRole("button", { name: /of/ })).toHaveLength(4);
    await userEvent.click(screen.getByRole("button", { name: "I'm ready" }));
    expect(onReady).toHaveBeenCalledOnce();
  });

  it("sorts by tap: a card, then the place it should go", async () => {
    const onSort = vi.fn();
    render(<Examination {...base} secondsLeft={20} onSort={onSort} />);
    await userEvent.click(screen.getByRole("button", { name: "two of spades" }));
    expect(screen.getByRole("button", { name: "two of spades, picked up" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await userEvent.click(screen.getByRole("button", { name: "three of diamonds" }));
    expect(onSort).toHaveBeenCalledWith(["9S", "KH", "3D", "2S"]);
  });

  it("sorts by keyboard: Enter to pick up, arrows to move", async () => {
    const onSort = vi.fn();
    const user = userEvent.setup();
    render(<Examination {...base} secondsLeft={20} onSort={onSort} />);
    screen.getByRole("button", { name: "nine of spades" }).focus();
    await user.keyboard("{Enter}{ArrowRight}");
    expect(onSort).toHaveBeenCalledWith(["2S", "KH", "9S", "3D"]);
  });

  it("hides the cards once the time is up", () => {
    render(<Examination {...base} secondsLeft={0} />);
    expect(screen.queryByRole("button", { name: /of spades/ })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Time is up for hand A");
  });
});
