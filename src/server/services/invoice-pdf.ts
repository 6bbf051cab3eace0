/**
 * An invoice or credit note as a PDF (decision 056), drawn with pdfkit's built-in standard fonts
 * (Helvetica: nothing is fetched or embedded). Content streams are left uncompressed: an invoice is
 * a few kilobytes of text, and a reader or a test can find its words in the file.
 */
import PDFDocument from "pdfkit";
import type { Language } from "../../shared/i18n/languages.ts";
import { type InvoiceParty, invoiceTaxTotals } from "../../shared/invoices.ts";
import { dateIn } from "../../shared/time-zones.ts";
import { translator } from "../i18n.ts";
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

/** Number formats by the reader's language (the document's labels follow it too). */
const LOCALES: Record<Language, string> = { en: "en-US", es: "es-ES", de: "de-DE" };

/**
 * The document's PDF bytes, its labels in `language` (the reader's). The lines keep the words they
 * were issued with: an issued invoice never changes.
 */
export function renderInvoicePdf(full: FullInvoice, language: Language = "en"): Promise<Buffer> {
  const t = translator(language);
  const locale = LOCALES[language];
  const i = full.invoice;
  const currency = new Intl.NumberFormat(locale, { style: "currency", currency: i.currency });
  const scale = 10 ** (currency.resolvedOptions().maximumFractionDigits ?? 2);
  const money = (cents: number) => pdfSafe(currency.format(cents / scale));
  const rate = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const partyLines = (p: InvoiceParty) =>
    [p.name, p.company, p.address, p.taxId ? t("Tax ID: {{id}}", { id: p.taxId }) : null, p.email].filter((x): x is string => Boolean(x));
  const title =
    i.kind === "invoice" ? t("Invoice {{number}}", { number: i.invoiceNumber }) : t("Credit note {{number}}", { number: i.invoiceNumber });

  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    compress: false,
    info: { Title: pdfSafe(title), Author: pdfSafe(i.seller.name), Creator: "Staywise" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.font("Helvetica-Bold").fontSize(20).text(pdfSafe(title), left, 50);
  doc.moveDown(0.3).font("Helvetica").fontSize(10);
  doc.text(pdfSafe(t("Issued: {{date}}", { date: dateIn(i.issuedAt, full.timeZone) })));
  doc.text(pdfSafe(t("Booking: {{reference}}", { reference: full.bookingReference })));
  doc.text(
    pdfSafe(
      t("Stay: {{hotel}}, {{room}}, {{from}} to {{to}}", {
        hotel: full.hotelName,
        room: full.roomType,
        from: full.checkIn,
        to: full.checkOut,
      }),
    ),
  );
  if (full.creditedInvoiceNumber) doc.text(pdfSafe(t("Corrects invoice {{number}}", { number: full.creditedInvoiceNumber })));
  doc.text(pdfSafe(t("Currency: {{currency}}", { currency: i.currency })));

  const partiesTop = doc.y + 15;
  doc.font("Helvetica-Bold").text(pdfSafe(t("Seller")), left, partiesTop);
  doc.font("Helvetica").text(pdfSafe(partyLines(i.seller).join("\n")), left, doc.y, { width: width / 2 - 10 });
  const sellerBottom = doc.y;
  doc.font("Helvetica-Bold").text(pdfSafe(t("Billed to")), left + width / 2, partiesTop);
  doc.font("Helvetica").text(pdfSafe(partyLines(i.buyer).join("\n")), left + width / 2, doc.y, { width: width / 2 });
  let y = Math.max(sellerBottom, doc.y) + 20;

  const cols = [
    { label: t("Description"), x: left, w: 190, align: "left" as const },
    { label: t("Qty"), x: left + 190, w: 30, align: "right" as const },
    { label: t("Unit price"), x: left + 220, w: 60, align: "right" as const },
    { label: t("Net"), x: left + 280, w: 60, align: "right" as const },
    { label: t("Tax %"), x: left + 340, w: 40, align: "right" as const },
    { label: t("Tax"), x: left + 380, w: 55, align: "right" as const },
    { label: t("Total"), x: left + 435, w: 60, align: "right" as const },
  ];
  doc.font("Helvetica-Bold").fontSize(9);
  for (const c of cols) doc.text(pdfSafe(c.label), c.x, y, { width: c.w, align: c.align });
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
      money(line.unitCents),
      money(line.netCents),
      rate.format(line.taxRateBasisPoints / 100),
      money(line.taxCents),
      money(line.totalCents),
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

  const s = i.settlement;
  const amounts: { label: string; cents: number; total?: boolean }[] = [
    { label: t("Net"), cents: i.netCents },
    { label: t("Tax"), cents: i.taxCents },
  ];
  // The tax totals (decision 063): the VAT at each rate with the net it is on, then each other tax (the city tax).
  const taxes = invoiceTaxTotals(i.lines);
  for (const v of taxes.vat) {
    amounts.push({
      label: t("Tax {{rate}} % on {{net}}", { rate: rate.format(v.rateBasisPoints / 100), net: money(v.netCents) }),
      cents: v.taxCents,
    });
  }
  for (const o of taxes.other) amounts.push({ label: o.description, cents: o.cents });
  amounts.push({ label: t("Total"), cents: i.totalCents, total: true });
  if (i.kind === "invoice") {
    amounts.push({ label: t("Paid by card"), cents: s.paidByCardCents });
    if (s.paidWithPointsCents > 0) {
      amounts.push({ label: t("Paid with loyalty points ({{points}})", { points: s.pointsRedeemed }), cents: s.paidWithPointsCents });
    }
    amounts.push({ label: t("Due at the hotel"), cents: s.dueAtHotelCents });
  } else {
    amounts.push({ label: t("Refunded to card"), cents: s.refundedToCardCents });
  }
  for (const a of amounts) {
    doc.font(a.total ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(pdfSafe(a.label), left + 250, y, { width: 180, align: "right" });
    doc.text(money(a.cents), left + 435, y, { width: 60, align: "right" });
    y += a.total ? 21 : 15;
  }
  const note =
    i.kind === "invoice"
      ? t("Prices include no taxes or fees unless a line shows them. Points redeemed are a means of payment, not a discount.")
      : t("This credit note corrects invoice {{number}}; its amounts are negative.", { number: full.creditedInvoiceNumber ?? "" });
  doc
    .font("Helvetica")
    .fontSize(8)
    .text(pdfSafe(note), left, y + 20, { width });
  doc.end();
  return done;
}
