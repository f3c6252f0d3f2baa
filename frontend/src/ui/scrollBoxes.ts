// A staff table either fits its page or scrolls sideways inside its own box (.table-wrap). A box
// that scrolls is made a named, focusable region, so that the keyboard can scroll it too (axe:
// scrollable-region-focusable); one that fits stays out of the tab order.

import { t } from "@lingui/core/macro";
import { useEffect } from "react";
import type { RefObject } from "react";

function boxName(box: HTMLElement): string {
  const table = box.querySelector("table");
  const caption = table?.querySelector("caption")?.textContent?.trim();
  const named = table?.getAttribute("aria-label");
  const name = caption || named || t({ message: "Table", context: "data" });
  return t`${name} (scrolls sideways)`;
}

export function markScrollBoxes(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>(".table-wrap")) {
    if (box.scrollWidth > box.clientWidth + 1) {
      if (box.tabIndex !== 0) box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", boxName(box));
    } else if (box.hasAttribute("tabindex")) {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}

/** Keep the scroll boxes under ``root`` marked as pages change and the window is resized. */
export function useScrollBoxes(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let frame = 0;
    const mark = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markScrollBoxes(element));
    };
    mark();
    const changes = new MutationObserver(mark);
    // A text that grows (a count, a name) can widen a table as much as a new row.
    changes.observe(element, { childList: true, characterData: true, subtree: true });
    window.addEventListener("resize", mark);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener("resize", mark);
    };
  }, [root]);
}
