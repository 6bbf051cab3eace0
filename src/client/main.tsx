import "@fontsource-variable/inter";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import { startI18n, useTranslation } from "./lib/i18n.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/** The pages, drawn again from scratch in a newly chosen language so every date and price follows it. */
function App() {
  const { i18n } = useTranslation();
  return <RouterProvider key={i18n.resolvedLanguage} router={router} />;
}

// The first language's catalogue is in before the first render: no English flash for a Spanish reader.
void startI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
});
