/**
 * One CSV field: quoted when needed, and a leading = + - @ (or tab/CR) neutralised with an
 * apostrophe so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return values.map(csvField).join(",");
}

/**
 * Parses CSV text (RFC 4180: quoted fields, "" inside quotes, CRLF or LF line ends, a leading BOM
 * ignored) into rows of fields. Stops after `maxRows` rows (header included) and says so, so a huge
 * file is never held twice. An unclosed quote is an error naming the line it started on.
 */
export function parseCsv(text: string, maxRows: number): { rows: string[][]; truncated: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = "";
    // A blank line (one empty field) is not a row.
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      line++;
      endRow();
      if (rows.length >= maxRows) return { rows, truncated: i + 1 < text.length && text.slice(i + 1).trim() !== "" };
    } else field += c;
  }
  if (quoted) throw new Error(`A quoted field that starts on line ${quoteLine} is never closed.`);
  if (field !== "" || row.length > 0) endRow();
  return { rows, truncated: false };
}
