// What a right-to-left page needs of text that runs left to right: jsdom lays nothing out, so
// the tests read the isolation the browser's bidi algorithm will follow.

const SUIT = /[♠♥♦♣]/;

/** The text nodes showing a suit symbol outside a left-to-right isolate (`dir="ltr"`): in
 * Arabic such a symbol parts from its rank ("6♥" shown "♥6"). */
export function looseSuits(root: Element): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const loose: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (SUIT.test(node.textContent ?? "") && !node.parentElement?.closest("[dir=ltr]")) {
      loose.push(node.textContent ?? "");
    }
  }
  return loose;
}

/** The texts isolated left to right, in the order written. */
export function leftToRight(root: Element): string[] {
  return Array.from(root.querySelectorAll("[dir=ltr]"), (e) => e.textContent ?? "");
}

/** The text of `bdi` elements (isolated, direction from their own letters), in order. */
export function isolated(root: Element): string[] {
  return Array.from(root.querySelectorAll("bdi"), (e) => e.textContent ?? "");
}

/** What the eyes read: the text without what only a screen reader hears. */
export function seenText(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll(".sr-only").forEach((e) => e.remove());
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** What a screen reader hears: the text without what is hidden from it. */
export function heardText(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll("[aria-hidden=true]").forEach((e) => e.remove());
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}
