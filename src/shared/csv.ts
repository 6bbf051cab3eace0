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
