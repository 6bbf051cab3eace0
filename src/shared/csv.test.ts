import { describe, expect, it } from "vitest";
import { csvField, csvRow, parseCsv } from "./csv.ts";

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

describe("parseCsv", () => {
  it("reads quoted fields with commas, quotes and line breaks, CRLF and a BOM", () => {
    const text = '\ufeffa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\nlast,,\n';
    expect(parseCsv(text, 100)).toEqual({
      rows: [
        ["a", "b", "c"],
        ["x, y", 'say "hi"', "two\nlines"],
        ["last", "", ""],
      ],
      truncated: false,
    });
  });

  it("stops after maxRows and says there was more", () => {
    expect(parseCsv("h\n1\n2\n3\n", 2)).toEqual({ rows: [["h"], ["1"]], truncated: true });
    expect(parseCsv("h\n1\n", 2)).toEqual({ rows: [["h"], ["1"]], truncated: false });
  });

  it("names the line of an unclosed quote", () => {
    expect(() => parseCsv('a\n"open,b\nc', 10)).toThrow("line 2");
  });
});
