import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n } from "@lingui/core";

// Every test speaks the source language (English), rendered or not: a plain function that
// names a card or a count reads its message from the active catalogue.
i18n.loadAndActivate({ locale: "en", messages: {} });

// What a test waits for (findBy..., waitFor) may come after the screen's own timed steps (a
// trick on show, a focus moved in an effect): on a busy machine those run late, so wait up to
// 5 s rather than the library's 1 s before calling it missing.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out and has no scrollIntoView; the screens call it when they move the focus.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(() => {
  cleanup();
});
