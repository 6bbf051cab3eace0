import type { TFunction } from "../../lib/i18n.ts";

/**
 * A points-history entry in the reader's language. The server stores each description in English
 * (it is data, and old rows exist); the known wordings are recognised here, with the booking
 * reference or hotel inside kept as written. Anything else is shown as stored (decision 029).
 */
export function pointsDescription(description: string, t: TFunction): string {
  let m: RegExpMatchArray | null;
  if (description === "Referral bonus: a friend completed their first booking") {
    return t("Referral bonus: a friend completed their first booking");
  }
  if (description === "Referral bonus reversed: your friend's booking was cancelled") {
    return t("Referral bonus reversed: your friend's booking was cancelled");
  }
  if (description === "Review approved") return t("Review approved");
  if ((m = /^Redeemed on booking (\S+)$/.exec(description))) return t("Redeemed on booking {{reference}}", { reference: m[1] });
  if ((m = /^Points returned: booking (\S+) cancelled$/.exec(description))) {
    return t("Points returned: booking {{reference}} cancelled", { reference: m[1] });
  }
  if ((m = /^Points reversed: booking (\S+) cancelled$/.exec(description))) {
    return t("Points reversed: booking {{reference}} cancelled", { reference: m[1] });
  }
  if ((m = /^Earned on booking (\S+) \((.*)\)$/s.exec(description))) {
    return t("Earned on booking {{reference}} ({{hotel}})", { reference: m[1], hotel: m[2] });
  }
  return description;
}
