import { describe, expect, it } from "vitest";
import { hasVatPrefix, normalizeTaxId, taxIdProblem } from "./tax-ids.ts";

// Valid numbers are the examples the tax administrations and the EU's VIES documentation publish
// (HMRC's GB999999973, the Belastingdienst's NL000099998B57, the Spanish DNI example 12345678Z) or
// registered companies' numbers printed on their invoices.
// Each valid number with a copy of it whose check digit (or key) is one off.
const NUMBERS: readonly [valid: string, wrong: string][] = [
  ["DE136695976", "DE136695977"],
  ["FR40303265045", "FR41303265045"],
  ["IT00743110157", "IT00743110158"],
  ["ES12345678Z", "ES12345678A"],
  ["ESA28015865", "ESA28015866"],
  ["NL004495445B01", "NL004495446B01"],
  ["NL000099998B57", "NL000099998B58"],
  ["BE0428759497", "BE0428759498"],
  ["ATU13585627", "ATU13585628"],
  ["PT501964843", "PT501964844"],
  ["GB999999973", "GB999999974"],
  ["GB980780684", "GB980780685"],
];

describe("tax ids", () => {
  it("accepts the published numbers of every country it checks, with or without separators", () => {
    for (const [id] of NUMBERS) expect(taxIdProblem(id), id).toBeNull();
    expect(taxIdProblem("de 136.695.976")).toBeNull();
    expect(taxIdProblem("GB 999 9999 73")).toBeNull();
    expect(normalizeTaxId(" be 0428.759.497 ")).toBe("BE0428759497");
  });

  it("refuses a wrong check digit in words that say which country's number and where to look", () => {
    expect(taxIdProblem("DE136695977")).toBe(
      "This German VAT number's check digit is wrong: check it against the VAT certificate (Bestätigung der USt-IdNr.)",
    );
    for (const [, wrong] of NUMBERS) expect(taxIdProblem(wrong), wrong).toMatch(/check digit is wrong: check it against/);
    // The Dutch B01 is a branch number, not a check: another branch of a valid number is valid.
    expect(taxIdProblem("NL004495445B02")).toBeNull();
  });

  it("refuses a number in the wrong shape for its prefix, saying the shape", () => {
    expect(taxIdProblem("DE12345678")).toBe(
      "This German VAT number should be DE followed by 9 digits: check it against the VAT certificate (Bestätigung der USt-IdNr.)",
    );
    expect(taxIdProblem("AT13585627")).toMatch(/^This Austrian VAT number should be ATU followed by 8 digits/);
    expect(taxIdProblem("NL004495445")).toMatch(/^This Dutch VAT number should be NL followed by 9 digits, B and 2 digits/);
    expect(taxIdProblem("PL")).toMatch(/^A VAT number starting with PL should be followed by 2 to 13 letters or digits/);
    expect(taxIdProblem("PL5260250274")).toBeNull();
  });

  it("checks an id without a prefix as the holder's country's number", () => {
    expect(taxIdProblem("136695976", "DE")).toBeNull();
    expect(taxIdProblem("136695977", "DE")).toMatch(/^This German VAT number's check digit is wrong/);
    expect(taxIdProblem("999999973", "GB")).toBeNull();
    expect(taxIdProblem("12-3456789", "US")).toBeNull();
    expect(taxIdProblem("123456789", "US")).toBeNull();
    expect(taxIdProblem("12-345678", "US")).toBe(
      "A US Employer Identification Number (EIN) has 9 digits written NN-NNNNNNN: check it against the IRS notice (CP 575)",
    );
    expect(taxIdProblem("ABN 51 824 753 556", "AU")).toBeNull();
    expect(taxIdProblem("12-345678")).toBeNull();
  });

  it("knows the EU, GB and XI prefixes and nothing else", () => {
    expect(hasVatPrefix("EL094014201")).toBe(true);
    expect(hasVatPrefix("xi 123456789")).toBe(true);
    expect(hasVatPrefix("US123")).toBe(false);
    expect(hasVatPrefix("12-3456789")).toBe(false);
  });
});
