// The API's paths are written in api/ only: a component that needs the server
// calls a function from there, so the typed client checks every path it uses.

const components = import.meta.glob<string>(["../**/*.tsx", "!../**/*.test.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});

// A string (quoted or template) that starts with an API path.
const API_PATH = /["'`]\/api(?=[/"'`?$])/;

describe("the API's paths", () => {
  it("finds the components to look at", () => {
    expect(Object.keys(components)).toContain("../App.tsx");
    expect(Object.keys(components).length).toBeGreaterThan(20);
  });

  it.each(Object.keys(components))("are not written in %s", (file) => {
    const lines = components[file]
      .split("\n")
      .map((line, i) => [i + 1, line] as const)
      .filter(([, line]) => API_PATH.test(line))
      .map(([n, line]) => `${file}:${n}: ${line.trim()}`);
    expect(lines).toEqual([]);
  });

  it("would catch one", () => {
    for (const line of ['api.get("/api/me")', "fetch(`/api/studies/${id}/`)", "href='/api?x'"]) {
      expect(API_PATH.test(line)).toBe(true);
    }
    expect(API_PATH.test('import { rows } from "../../api/client";')).toBe(false);
  });
});
