import { act, render, screen } from "../test/render";
import { activate, startLanguage } from "./i18n";
import { LanguagePicker } from "./LanguagePicker";
import { browserLanguage } from "./languages";
import { formatPercent } from "./format";

afterEach(async () => {
  await act(() => activate("en"));
});

test("a language's catalogue, direction and number forms follow its activation", async () => {
  render(<LanguagePicker onChange={() => undefined} />);
  expect(screen.getByText("Language")).toBeInTheDocument();
  await act(() => activate("ar"));
  expect(screen.getByText("اللغة")).toBeInTheDocument();
  expect(document.documentElement.dir).toBe("rtl");
  expect(document.documentElement.lang).toBe("ar");
  expect(formatPercent(0.42)).toBe(new Intl.NumberFormat("ar", { style: "percent" }).format(0.42));
  expect(startLanguage()).toBe("ar");
  await act(() => activate("de"));
  expect(screen.getByText("Sprache")).toBeInTheDocument();
  expect(document.documentElement.dir).toBe("ltr");
  expect(screen.getByRole<HTMLSelectElement>("combobox").value).toBe("de");
});

test("a page shown before the reader is known takes the first of the browser's languages we ship", () => {
  expect(browserLanguage(["pt-BR", "fr-CA", "en"])).toBe("fr");
  expect(browserLanguage(["pt-BR"])).toBe("en");
});

test("a participant's link starts in their language, which the server wrote into the page", async () => {
  await act(() => activate("de"));
  expect(startLanguage()).toBe("de");
  document.documentElement.dataset.linkLanguage = "ar";
  try {
    expect(startLanguage()).toBe("ar");
  } finally {
    delete document.documentElement.dataset.linkLanguage;
  }
  expect(startLanguage()).toBe("de");
});
