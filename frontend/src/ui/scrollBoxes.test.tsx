import { act, render, screen } from "../test/render";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useScrollBoxes } from "./scrollBoxes";

/** A page whose one table holds `text`; the box's content is as wide as its text is long. */
function Page({ text }: { text: string }) {
  const main = useRef<HTMLElement>(null);
  useScrollBoxes(main);
  return (
    <main ref={main}>
      <div className="table-wrap" data-testid="box">
        <table aria-label="Sessions">
          <tbody>
            <tr>
              <td>{text}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </main>
  );
}

const frame = () => act(() => new Promise((done) => requestAnimationFrame(() => done(null))));

afterEach(() => vi.restoreAllMocks());

describe("a table's box", () => {
  it("becomes a focusable region when a text grows and it scrolls, and leaves it when it fits", async () => {
    // Layout as a browser would lay it out: 10 px a character in a 100 px box.
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (
      this: HTMLElement,
    ) {
      return 10 * (this.textContent ?? "").length;
    });
    const { rerender } = render(<Page text="short" />);
    await frame();
    const box = screen.getByTestId("box");
    expect(box).not.toHaveAttribute("tabindex");
    // Only the cell's text changes: no element is added or removed.
    rerender(<Page text="a name long enough to widen the table" />);
    await frame();
    expect(box).toHaveAttribute("tabindex", "0");
    expect(box).toHaveAttribute("role", "region");
    expect(box).toHaveAccessibleName("Sessions (scrolls sideways)");
    rerender(<Page text="short" />);
    await frame();
    expect(box).not.toHaveAttribute("tabindex");
    expect(box).not.toHaveAttribute("role");
  });
});
