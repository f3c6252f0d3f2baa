// Testing Library's render and renderHook inside the app's language provider (English, the
// source language), as the app renders every page, and a page rendered at its address. Tests
// import them from here.

import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { render as rtlRender, renderHook as rtlRenderHook } from "@testing-library/react";
import type { RenderOptions, RenderHookOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";

export * from "@testing-library/react";

function Providers({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function render(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return rtlRender(ui, { wrapper: Providers, ...options });
}

export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options?: Omit<RenderHookOptions<Props>, "wrapper">,
) {
  return rtlRenderHook(hook, { wrapper: Providers, ...options });
}

/** ``page`` opened at the address ``at``, routed by ``path`` (its ``:id`` and such read from the
 * address), with a query client of its own that does not retry a failed request; ``others``
 * are the pages it leads to, by path. */
export function renderPage(
  page: ReactElement,
  {
    at = "/",
    path = "/",
    others = {},
  }: { at?: string; path?: string; others?: Record<string, ReactElement> } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={page} />
          {Object.entries(others).map(([other, element]) => (
            <Route key={other} path={other} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
