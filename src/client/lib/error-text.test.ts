import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import es from "../../shared/i18n/es.json";
import { errorText, fieldMessage } from "./error-text.ts";
import { chooseLanguage } from "./i18n.ts";

describe("errorText", () => {
  beforeAll(() => {
    // chooseLanguage marks the page's language, sets the language cookie and reads the browser's locale.
    vi.stubGlobal("document", { documentElement: {}, cookie: "" });
    vi.stubGlobal("navigator", { languages: ["es-ES"], language: "es-ES" });
  });
  afterAll(async () => {
    await chooseLanguage("en");
    vi.unstubAllGlobals();
  });

  it("shows an English reader the server's own words, or the fallback without any", () => {
    expect(errorText({ code: "PRICE_INCREASED", message: "The price went up to $130 a night." }, "Failed")).toBe(
      "The price went up to $130 a night.",
    );
    expect(errorText(new Error(""), "Failed")).toBe("Failed");
    expect(errorText("boom", "Failed")).toBe("Failed");
  });

  it("shows anyone else the translation of the code's message, and the server's words for a code without one", async () => {
    await chooseLanguage("es");
    expect(errorText({ code: "HOTEL_NOT_FOUND", message: "Hotel not found" }, "Failed")).toBe(es["Hotel not found"]);
    expect(errorText({ code: "NETWORK_ERROR", message: "Could not reach the server." }, "Failed")).toBe(
      es["Could not reach the server. Check your connection and try again."],
    );
    expect(errorText({ code: "VALIDATION_ERROR", message: "title: Title is required" }, "Failed")).toBe("title: Title is required");
    expect(errorText({ code: "HTTP_502", message: "Request failed (502)" }, "Failed")).toBe("Request failed (502)");
  });

  it("says a 400 answer's first field message and a form's field message through the shared catalogue", async () => {
    await chooseLanguage("es");
    const answer = {
      code: "VALIDATION_ERROR",
      message: "name: Extra name must be at most 80 characters",
      issues: [{ path: "name", message: "Extra name must be at most 80 characters" }],
    };
    expect(errorText(answer, "Failed")).toBe("El campo Nombre del extra admite como máximo 80 caracteres");
    expect(fieldMessage("Phone is required")).toBe(es["Phone is required"]);
    expect(fieldMessage("VAT rate must be between 0 and 100 %")).toBe("El campo Tipo de IVA debe estar entre 0 y 100 %");
    expect(fieldMessage("A message no schema writes")).toBe("A message no schema writes");
    await chooseLanguage("en");
    expect(errorText(answer, "Failed")).toBe("name: Extra name must be at most 80 characters");
    expect(fieldMessage("Phone is required")).toBe("Phone is required");
  });
});
