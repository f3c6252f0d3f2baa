// One tab stop for a group of buttons (a hand, the card picker, the old tricks): Tab enters the
// group at the button last used (else the chosen or a playable one, else the first) and leaves
// it with the next Tab; the arrow keys move inside it.

import { useEffect, useLayoutEffect } from "react";
import type { RefObject } from "react";

const LAST = "rovingLast";

function tabStop(box: HTMLElement): HTMLButtonElement | undefined {
  const enabled = Array.from(box.querySelectorAll<HTMLButtonElement>("button:not([disabled])"));
  return (
    enabled.find((b) => b === document.activeElement) ??
    enabled.find((b) => b.dataset[LAST] === "1") ??
    enabled.find((b) => b.getAttribute("aria-pressed") === "true") ??
    enabled.find((b) => b.classList.contains("legal")) ??
    enabled[0]
  );
}

export function useRovingTabStop(ref: RefObject<HTMLElement | null>): void {
  // After every render: the buttons may have changed (a card played, a card chosen).
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const stop = tabStop(box);
    for (const button of box.querySelectorAll<HTMLButtonElement>("button"))
      button.tabIndex = button === stop ? 0 : -1;
  });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const focused = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLButtonElement)) return;
      for (const button of box.querySelectorAll<HTMLButtonElement>("button")) {
        button.tabIndex = button === target ? 0 : -1;
        delete button.dataset[LAST];
      }
      target.dataset[LAST] = "1";
    };
    box.addEventListener("focusin", focused);
    return () => box.removeEventListener("focusin", focused);
  }, [ref]);
}

/** Move the focus to ``element`` for the person (the next thing to do), and bring it on screen:
 * zoomed in, a hand or the face-down cards may be below the fold. Scrolled no further than it
 * takes, and at once (no smooth scrolling: nothing moves for a person who asked for less motion). */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
}

/** The group's tab stop, for moving the focus to the group (the next thing to do). */
export function focusGroup(box: HTMLElement | null): void {
  if (!box) return;
  const stop = tabStop(box);
  if (stop) focusInView(stop);
}
