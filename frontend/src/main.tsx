import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { activate, startLanguage } from "./i18n/i18n";
import "./styles.css";
import { listenForStaleFiles } from "./ui/staleFiles";

listenForStaleFiles();

// The first page is drawn in the participant's language on their link (the server wrote it into
// the page), else in the device's last language (or the browser's); the reader's own follows as
// soon as the server says whose page it is.
void activate(startLanguage()).then(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
