import { readFieldMessage, sayField } from "../../../shared/field-messages.ts";
import type { TFunction } from "../../lib/i18n.ts";

/**
 * A message of the hotel or room type rules (shared/property-hotels.ts) in the reader's language.
 * The forms take prices in dollars, so a price's "whole cents" rule is said as "at most 2 decimals".
 */
export function propertyFieldMessage(message: string, t: TFunction): string {
  const reading = readFieldMessage(message);
  if (!reading) return message;
  return sayField(reading.key === "fieldInWholeCents" ? "fieldTwoDecimals" : reading.key, reading.values, t);
}
