import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv.ts";

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Say "hi", then leave')).toBe('"Say ""hi"", then leave"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
  });

  it("neutralises formulas so a spreadsheet shows them as text", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1 555")).toBe('"\'+1 555"');
    expect(csvField("-2")).toBe('"\'-2"');
    expect(csvField("@SUM(A1)")).toBe('"\'@SUM(A1)"');
  });

  it("joins a row", () => {
    expect(csvRow(["BK1", "Ann, B", 12.5])).toBe('BK1,"Ann, B",12.5');
  });
});
