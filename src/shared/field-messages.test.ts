import { describe, expect, it } from "vitest";
import { SignUpForm } from "./auth.ts";
import { GuestDetails } from "./booking.ts";
import {
  FIELD_MESSAGES,
  FIELD_NAMES,
  type FieldMessageKey,
  type FieldName,
  fieldError,
  readFieldMessage,
  sayFieldMessage,
} from "./field-messages.ts";
import { HotelInput, RoomTypeInput } from "./property-hotels.ts";
import { calendarEditSchema } from "./rates.ts";
import { TaxSettings } from "./taxes.ts";

/** Sample values for every placeholder an entry's words name. */
function samples(key: FieldMessageKey, field: FieldName): Record<string, string | number> | undefined {
  const words = (FIELD_MESSAGES[key] as (t: (w: string) => string, v: unknown) => string)((w) => w, {});
  const names = [...words.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  if (names.length === 0) return undefined;
  return Object.fromEntries(
    names.map((name, i) => [name, name === "field" ? field : name === "list" || name === "currency" ? "Spa, Gym" : 7 + i]),
  );
}

/** A `t` that marks each text it is given, to see which words were translated. */
const marked = (words: string, values?: Record<string, string | number>) =>
  `<${words.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name]))}>`;

describe("field messages", () => {
  it("reads every entry's English words back as that entry and its values, with every field name", () => {
    const wrong: string[] = [];
    for (const key of Object.keys(FIELD_MESSAGES) as FieldMessageKey[]) {
      for (const field of Object.keys(FIELD_NAMES) as FieldName[]) {
        const values = samples(key, field);
        const english = (fieldError as (k: FieldMessageKey, v?: unknown) => string)(key, values);
        const reading = readFieldMessage(english);
        const expected = values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) : undefined;
        if (reading?.key !== key || JSON.stringify(reading.values) !== JSON.stringify(expected)) {
          wrong.push(`${key} "${english}" read as ${JSON.stringify(reading)}`);
        }
        if (!values || !("field" in values)) break;
      }
    }
    expect(wrong).toEqual([]);
  });

  it("writes the English words the server has always answered with", () => {
    expect(fieldError("emailRequired")).toBe("Email is required");
    expect(fieldError("fieldTooLong", { field: "cancellationPolicy", max: 500 })).toBe(
      "Cancellation policy must be at most 500 characters",
    );
    expect(fieldError("minStayLonger", { minStay: 5, nights: 3 })).toBe("Minimum stay (5 nights) is longer than the 3 nights chosen");
    expect(fieldError("fieldAtMost", { field: "price", max: "$100,000" })).toBe("Price must be at most $100,000");
  });

  it("says a message and its field name through t, and nothing for words it did not write", () => {
    expect(sayFieldMessage("Name must be at most 120 characters", marked)).toBe("<<Name> must be at most 120 characters>");
    expect(sayFieldMessage("Change at most 366 nights at once", marked)).toBe("<Change at most 366 nights at once>");
    expect(sayFieldMessage("Phone is required", marked)).toBe("<Phone is required>");
    expect(sayFieldMessage("Nickname is required", marked)).toBeUndefined();
    expect(sayFieldMessage("Something else entirely", marked)).toBeUndefined();
  });

  it("reads the messages the shared schemas report (what zodResolver and a 400 answer's issues carry)", () => {
    const issues = [
      ...SignUpForm.safeParse({ name: "", email: "x", password: "short", confirmPassword: "other" }).error!.issues,
      ...GuestDetails.safeParse({ guestName: "a".repeat(101), guestEmail: "", guestPhone: "??" }).error!.issues,
      ...HotelInput.safeParse({ name: "", lat: 100, starRating: 9, checkInTime: "3pm", checkOutTime: "11:00", hidden: false }).error!
        .issues,
      ...RoomTypeInput.safeParse({ sizeM2: 0, priceCents: 1.5, totalRooms: 5000 }).error!.issues,
      ...calendarEditSchema(() => "2030-01-01").safeParse({ roomTypeIds: [1], from: "2030-01-05", to: "2030-01-06", minStay: 9 }).error!
        .issues,
      ...TaxSettings.safeParse({ vat: { name: "", rateBasisPoints: 20_000, included: true }, cityTax: null, fees: [] }).error!.issues,
    ];
    expect(issues.length).toBeGreaterThan(15);
    expect(issues.filter((issue) => readFieldMessage(issue.message) === undefined).map((issue) => issue.message)).toEqual([]);
  });
});
