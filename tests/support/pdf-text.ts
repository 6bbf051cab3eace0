/** The words of an uncompressed PDF's text operators (pdfkit writes them as hex strings). */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  return [...raw.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => Buffer.from(m[1]!, "hex").toString("latin1")).join("");
}
