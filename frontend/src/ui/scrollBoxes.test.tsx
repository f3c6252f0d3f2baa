import { act, render, screen } from "../test/render";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useScrollBoxes } from "./scrollBoxes";

/** A page of tables, each holding one text; a box's content is as wide as its text is long. */
function Page({ texts }: { texts: string[] }) {
  const main = useRef<HTMLElement>(null);
  useScrollBoxes(main);
  return (
    <main ref={main}>
      {texts.map((text, i) => (
        <div className="table-wrap" data-testid={`box-${i}`} key={i}>
          <table aria-label={`Sessions ${i}`}>
            <tbody>
              <tr>
                <td>{text}</td>
              </tr>
            </tbody>
          </table>
        </div>
      ))}
    </main>
  );
}

// jsdom lays nothing out and has no ResizeObserver: this one keeps what is watched, and
// `laidOut()` tells it that a layout has changed the sizes, as the browser would after one.
class Sizes {
  static last: Sizes;
  watched = new Set<Element>();
  constructor(private readonly changed: () => void) {
    Sizes.last = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  laidOut() {
    if (this.watched.size) this.changed();
  }
}

const laidOut = () => {
  act(() => Sizes.last.laidOut());
};
const boxes = () => [...document.querySelectorAll(".table-wrap")];

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", Sizes);
  Sizes.last = undefined as unknown as Sizes;
  // Layout as a browser would lay it out: 10 px a character in a 100 px box.
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(100);
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (
    this: HTMLElement,
  ) {
    return 10 * (this.textContent ?? "").length;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a table's box", () => {
  it("becomes a focusable region when its table outgrows it, and leaves it when it fits", () => {
    const { rerender } = render(<Page texts={["short"]} />);
    laidOut();
    const box = screen.getByTestId("box-0");
    expect(box).not.toHaveAttribute("tabindex");
    rerender(<Page texts={["a name long enough to widen the table"]} />);
    laidOut();
    expect(box).toHaveAttribute("tabindex", "0");
    expect(box).toHaveAttribute("role", "region");
    expect(box).toHaveAccessibleName("Sessions 0 (scrolls sideways)");
    rerender(<Page texts={["short"]} />);
    laidOut();
    expect(box).not.toHaveAttribute("tabindex");
    expect(box).not.toHaveAttribute("role");
  });

  it("is watched, with its table, from the moment it is in the page until it leaves", async () => {
    const { rerender, unmount } = render(<Page texts={["short"]} />);
    expect(Sizes.last.watched).toEqual(new Set(boxes().flatMap((b) => [b, b.firstElementChild])));
    // A second table drawn later: watched without waiting for a frame.
    rerender(<Page texts={["short", "a name long enough to widen the table"]} />);
    await act(() => Promise.resolve()); // the page's changes are reported after the render
    const [, second] = boxes();
    expect(Sizes.last.watched).toContain(second);
    expect(Sizes.last.watched).toContain(second.firstElementChild);
    laidOut();
    expect(second).toHaveAttribute("tabindex", "0");
    // It leaves the page: no longer watched.
    rerender(<Page texts={["short"]} />);
    await act(() => Promise.resolve());
    expect(Sizes.last.watched).not.toContain(second);
    expect(Sizes.last.watched.size).toBe(2);
    unmount();
    expect(Sizes.last.watched.size).toBe(0);
  });
});
