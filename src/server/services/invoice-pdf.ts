/**
 * An invoice or credit note as a PDF (decision 056), drawn with pdfkit's built-in standard fonts
 * (Helvetica: nothing is fetched or embedded). Content streams are left uncompressed: an invoice is
 * a few kilobytes of text, and a reader or a test can find its words in the file.
 */
import PDFDocument from "pdfkit";
import { dateIn } from "../../shared/time-zones.ts";
import type { InvoiceParty } from "../../shared/invoices.ts";
import type { FullInvoice } from "./invoices.ts";

/** The standard fonts cover Windows-1252 only: anything else prints as "?" rather than as garbage. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC").replace(/[\u202f\u2007\u2009]/g, " ")) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === "\n" ? ch : "?";
  }
  return out;
}

function money(cents: number, currency: string): string {
  const digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return pdfSafe(new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 10 ** digits));
}

function partyLines(p: InvoiceParty): string[] {
  return [p.name, p.company, p.address, p.taxId ? `Tax ID: ${p.taxId}` : null, p.email].filter((x): x is string => Boolean(x));
}

/** The document's PDF bytes. */
export function renderInvoicePdf(full: FullInvoice): Promise<Buffer> {
  const i = full.invoice;
  const title = i.kind === "invoice" ? "Invoice" : "Credit note";
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    compress: false,
    info: { Title: `${title} ${i.invoiceNumber}`, Author: pdfSafe(i.seller.name), Creator: "Staywise" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(pdfSafe(`${title} ${i.invoiceNumber}`), left, 50);
  doc.moveDown(0.3).font("Helvetica").fontSize(10);
  doc.text(`Issued: ${dateIn(i.issuedAt, full.timeZone)}`);
  doc.text(pdfSafe(`Booking: ${full.bookingReference}`));
  doc.text(pdfSafe(`Stay: ${full.hotelName}, ${full.roomType}, ${full.checkIn} to ${full.checkOut}`));
  if (full.creditedInvoiceNumber) doc.text(pdfSafe(`Corrects invoice ${full.creditedInvoiceNumber}`));
  doc.text(`Currency: ${i.currency}`);

  const partiesTop = doc.y + 15;
  doc.font("Helvetica-Bold").text("Seller", left, partiesTop);
  doc.font("Helvetica").text(pdfSafe(partyLines(i.seller).join("\n")), left, doc.y, { width: width / 2 - 10 });
  const sellerBottom = doc.y;
  doc.font("Helvetica-Bold").text("Billed to", left + width / 2, partiesTop);
  doc.font("Helvetica").text(pdfSafe(partyLines(i.buyer).join("\n")), left + width / 2, doc.y, { width: width / 2 });
  let y = Math.max(sellerBottom, doc.y) + 20;

  // Description | Qty | Unit | Net | Tax % | Tax | Total
  const cols = [
    { label: "Description", x: left, w: 190, align: "left" as const },
    { label: "Qty", x: left + 190, w: 30, align: "right" as const },
    { label: "Unit", x: left + 220, w: 60, align: "right" as const },
    { label: "Net", x: left + 280, w: 60, align: "right" as const },
    { label: "Tax %", x: left + 340, w: 40, align: "right" as const },
    { label: "Tax", x: left + 380, w: 55, align: "right" as const },
    { label: "Total", x: left + 435, w: 60, align: "right" as const },
  ];
  doc.font("Helvetica-Bold").fontSize(9);
  for (const c of cols) doc.text(c.label, c.x, y, { width: c.w, align: c.align });
  y += 14;
  doc
    .moveTo(left, y - 2)
    .lineTo(left + width, y - 2)
    .stroke();
  doc.font("Helvetica");
  for (const line of i.lines) {
    const cells = [
      pdfSafe(line.description),
      String(line.quantity),
      money(line.unitCents, i.currency),
      money(line.netCents, i.currency),
      `${(line.taxRateBasisPoints / 100).toFixed(2)}`,
      money(line.taxCents, i.currency),
      money(line.totalCents, i.currency),
    ];
    const rowTop = y;
    let rowBottom = y;
    cols.forEach((c, k) => {
      doc.text(cells[k]!, c.x, rowTop, { width: c.w, align: c.align });
      rowBottom = Math.max(rowBottom, doc.y);
    });
    y = rowBottom + 4;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;

  const totals: [string, number][] = [
    ["Net", i.netCents],
    ["Tax", i.taxCents],
    ["Total", i.totalCents],
  ];
  const s = i.settlement;
  const settlement: [string, number][] =
    i.kind === "invoice"
      ? [
          ["Paid by card", s.paidByCardCents],
          ...(s.paidWithPointsCents > 0
            ? ([[`Paid with ${s.pointsRedeemed} loyalty points`, s.paidWithPointsCents]] as [string, number][])
            : []),
          ["Due at the hotel", s.dueAtHotelCents],
        ]
      : [["Refunded to card", s.refundedToCardCents]];
  for (const [label, cents] of [...totals, ...settlement]) {
    doc.font(label === "Total" ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, left + 250, y, { width: 180, align: "right" });
    doc.text(money(cents, i.currency), left + 435, y, { width: 60, align: "right" });
    y += 15;
    if (label === "Total") y += 6;
  }
  doc
    .font("Helvetica")
    .fontSize(8)
    .text(
      pdfSafe(
        i.kind === "invoice"
          ? "Prices include no taxes or fees unless a line shows them. Points redeemed are a means of payment, not a discount."
          : `This credit note corrects invoice ${full.creditedInvoiceNumber ?? ""}; amounts are negative.`,
      ),
      left,
      y + 20,
      { width },
    );
  doc.end();
  return done;
}
