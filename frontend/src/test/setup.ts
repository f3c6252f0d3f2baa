import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// What a test waits for (findBy..., waitFor) may come after the screen's own timed steps (a
// trick on show, a focus moved in an effect): on a busy machine those run late, so wait up to
// 5 s rather than the library's 1 s before calling it missing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
