import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18next, Trans } from "./i18n.ts";

describe("English without the library", () => {
  it("gives the key back with its values put in, numbers formatted", () => {
    expect(i18next.t("Saved {{hotel}}", { hotel: "Hotel Sol" })).toBe("Saved Hotel Sol");
    expect(i18next.t("Hotel booking")).toBe("Hotel booking");
    expect(i18next.t("{{count, number}} hotels", { count: 1234 })).toBe(`${new Intl.NumberFormat().format(1234)} hotels`);
  });

  it("picks the English plural form from en.json by count", () => {
    expect(i18next.t("{{count, number}} hotels", { count: 1 })).toBe("1 hotel");
    expect(i18next.t("{{count, number}} hotels", { count: 2 })).toBe("2 hotels");
    expect(i18next.t("{{count, number}} hotels", { count: 0 })).toBe("0 hotels");
  });

  it("leaves a placeholder it has no value for as it is", () => {
    expect(i18next.t("Saved {{hotel}}", {})).toBe("Saved {{hotel}}");
  });

  it("draws <Trans> markup as the given elements", () => {
    const html = renderToStaticMarkup(
      createElement(Trans, {
        i18nKey: "Your balance: <strong>{{count, number}} points</strong>, worth <strong>{{amount}}</strong>.",
        count: 1,
        values: { amount: "$0.01" },
        components: { strong: createElement("b") },
      }),
    );
    expect(html).toBe("Your balance: <b>1 point</b>, worth <b>$0.01</b>.");
  });
});
