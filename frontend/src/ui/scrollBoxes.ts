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

function boxesUnder(root: ParentNode): NodeListOf<HTMLElement> {
  return root.querySelectorAll<HTMLElement>(".table-wrap");
}

export function markScrollBoxes(root: ParentNode): void {
  for (const box of boxesUnder(root)) {
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
    // A box's overflow changes with its own width and its table's: a window resized, a row or a
    // text added, a font or a style that widens a column, a closed part opened. Each box and its
    // table are watched for their sizes; the boxes are marked after the layout that changed
    // one, before it is painted.
    const sizes = new ResizeObserver(() => markScrollBoxes(element));
    let watched = new Set<Element>();
    const watch = () => {
      const now = new Set<Element>();
      for (const box of boxesUnder(element)) {
        now.add(box);
        if (box.firstElementChild) now.add(box.firstElementChild);
      }
      for (const gone of watched) if (!now.has(gone)) sizes.unobserve(gone);
      for (const part of now) if (!watched.has(part)) sizes.observe(part);
      watched = now;
    };
    watch();
    // New boxes (a page drawn, a table replaced) are watched as soon as they are in the page.
    const changes = new MutationObserver(watch);
    changes.observe(element, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      sizes.disconnect();
    };
  }, [root]);
}
