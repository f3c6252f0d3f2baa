import { render } from "../../../test/render";
import { describe, expect, it } from "vitest";
import { mendikotView } from "../../../test/views";
import { useTrickShow } from "../recent";
import type { SeatView } from "../../../game/types";

describe("a finished trick on show", () => {
  it("is on show from the very first render of the answer that finished it", () => {
    const renders: (string | null)[] = [];
    function Probe({ view }: { view: SeatView }) {
      const { showing } = useTrickShow(view, 1000);
      renders.push(showing ? showing.cards.map((c) => c.card).join(" ") : null);
      return null;
    }
    const before = mendikotView({}, { version: 20 });
    const after = mendikotView(
      {},
      {
        version: 21,
        recent: [
          {
            type: "trick_won",
            trick: 9,
            leader: 1,
            winner: 2,
            cards: [
              { seat: 1, card: "AD" },
              { seat: 2, card: "2D" },
              { seat: 3, card: "3D" },
              { seat: 0, card: "4D" },
            ],
          },
        ],
      },
    );
    const { rerender } = render(<Probe view={before} />);
    const start = renders.length;
    rerender(<Probe view={after} />);
    // No render of the new answer without its trick on show (the hand would be playable).
    expect(renders.slice(start).every((r) => r === "AD 2D 3D 4D")).toBe(true);
  });
});
