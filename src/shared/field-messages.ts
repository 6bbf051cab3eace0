/**
 * Every validation message of the shared zod schemas, each written once under a key (decision 069).
 * The schemas take their English words from here (`fieldError`), so the server's answers keep
 * them; the client turns a message it is shown (by zodResolver, or in a 400 answer's `issues`) back
 * into its key and values (`readFieldMessage`) and says it in the reader's language through the same
 * entry (`sayFieldMessage`). Entries are written `(t) => t("...")` so that the translation check
 * (scripts/i18n-keys.ts) reads each text as a key: a message without es/de words fails `npm test`,
 * and a schema cannot name a message that is not here (the key is a typed union).
 */

type Values = Record<string, string | number>;
/** How a text is written: its English words are the translation key (decision 029). */
type Say = (english: string, values?: Values) => string;

/** Field names that messages built from a field's name (`{{field}}`) put in. */
export const FIELD_NAMES = {
  name: (t) => t("Name"),
  address: (t) => t("Address"),
  city: (t) => t("City"),
  country: (t) => t("Country"),
  cancellationPolicy: (t) => t("Cancellation policy"),
  description: (t) => t("Description"),
  bedType: (t) => t("Bed type"),
  price: (t) => t("Price"),
  originalPrice: (t) => t("Original price"),
  childRate: (t) => t("Child rate"),
  latitude: (t) => t("Latitude"),
  longitude: (t) => t("Longitude"),
  size: (t) => t("Size"),
  maxGuests: (t) => t("Max guests"),
  numberOfRooms: (t) => t("Number of rooms"),
  freeCancellationDays: (t) => t("Free cancellation days"),
  extraName: (t) => t("Extra name"),
  quantity: (t) => t("Quantity"),
  taxName: (t) => t("Tax name"),
  vatRate: (t) => t("VAT rate"),
  cityTaxName: (t) => t("City tax name"),
  cityTaxRate: (t) => t("City tax rate"),
  cityTaxAmount: (t) => t("City tax amount"),
  tierAmount: (t) => t("A tier's amount"),
  feeName: (t) => t("Fee name"),
  feeAmount: (t) => t("Fee amount"),
  reportFrom: (t) => t("from"),
  reportTo: (t) => t("to"),
  planFrom: (t) => t("From"),
  planTo: (t) => t("To"),
  closedDate: (t) => t("A closed date"),
  checkInFrom: (t) => t("checkInFrom"),
  checkOutTo: (t) => t("checkOutTo"),
  startDate: (t) => t("startDate"),
  endDate: (t) => t("endDate"),
  bookableFrom: (t) => t("Bookable from"),
  bookableUntil: (t) => t("Bookable until"),
  staysFrom: (t) => t("Stays from"),
  staysUntil: (t) => t("Stays until"),
  minimumNights: (t) => t("Minimum nights"),
  totalUses: (t) => t("Total uses"),
  usesPerGuest: (t) => t("Uses per guest"),
} satisfies Record<string, (t: Say) => string>;
export type FieldName = keyof typeof FIELD_NAMES;

type Field = { field: FieldName };
type Limit = { max: number | string };

/**
 * The messages. An entry's second parameter is the values the schema gives (a field by its key,
 * numbers); `{{min}}`, `{{max}}`, `{{nights}}`, `{{minStay}}` stand for numbers. Where one text
 * could be read as two entries, the first wins: keep the narrower one first (the unit test checks
 * that each entry reads back as itself).
 */
export const FIELD_MESSAGES = {
  // Accounts (auth.ts) and staff (front-desk.ts)
  emailRequired: (t) => t("Email is required"),
  emailTooLong: (t) => t("Email is too long"),
  emailInvalid: (t) => t("Enter a valid email address"),
  passwordRequired: (t) => t("Password is required"),
  passwordTooShort: (t) => t("Password must be at least 8 characters"),
  passwordTooLong: (t) => t("Password must be at most 128 characters"),
  passwordTooCommon: (t) => t("This password is too common. Choose another."),
  fullNameRequired: (t) => t("Full name is required"),
  fullNameTooLong: (t) => t("Full name is too long"),
  fullNameControl: (t) => t("Full name cannot contain line breaks or control characters"),
  confirmPassword: (t) => t("Confirm your password"),
  passwordsDiffer: (t) => t("Passwords do not match"),
  staffRole: (t) => t("Choose manager or front desk"),
  // Reviews (reviews.ts)
  ratingRequired: (t) => t("Please select a rating"),
  titleRequired: (t) => t("Title is required"),
  titleTooLong: (t) => t("Title must be at most 120 characters"),
  reviewTextRequired: (t) => t("Review text is required"),
  reviewTextTooLong: (t) => t("Review text must be at most 5000 characters"),
  voteType: (t) => t("voteType must be helpful or unhelpful"),
  moderationStatus: (t) => t("status must be approved or rejected"),
  notesTooLong: (t) => t("Notes must be at most 2000 characters"),
  // Bookings (booking.ts, front-desk.ts, search-options.ts)
  guestNameTooLong: (t) => t("Full name must be at most 100 characters"),
  phoneRequired: (t) => t("Phone is required"),
  phoneInvalid: (t) => t("Enter a valid phone number"),
  specialRequestsTooLong: (t) => t("Special requests must be at most 1000 characters"),
  chooseHotel: (t) => t("Choose a hotel"),
  chooseRoom: (t) => t("Choose a room"),
  chooseRate: (t) => t("Choose a rate"),
  pointsWhole: (t) => t("Points must be a whole number"),
  pointsMinimum: (t) => t("Redeem at least 100 points"),
  priceWholeCents: (t) => t("Price must be whole cents"),
  bookingReference: (t) => t("Enter the booking reference from your confirmation, e.g. BK1767225600000ABCDE"),
  chooseRoomType: (t) => t("Choose a room type"),
  checkInRequired: (t) => t("Check-in is required"),
  checkInFormat: (t) => t("Check-in must be a date like 2026-05-31"),
  checkOutRequired: (t) => t("Check-out is required"),
  checkOutFormat: (t) => t("Check-out must be a date like 2026-05-31"),
  checkOutAfterCheckIn: (t) => t("Check-out must be after check-in"),
  choosePayment: (t) => t("Choose card or pay at hotel"),
  // The rates calendar (rates.ts)
  dateFormat: (t) => t("Enter a date as YYYY-MM-DD"),
  dateYears: (t) => t("Choose a date between 2000 and 2099"),
  roomTypesOfHotel: (t) => t("Choose room types of this hotel"),
  roomTypesAtLeastOne: (t) => t("Choose at least one room type"),
  roomTypesAtMost: (t) => t("Choose at most 100 room types"),
  weekdaysChoose: (t) => t("Choose the days of the week"),
  weekdaysAtLeastOne: (t) => t("Choose at least one day of the week"),
  weekdaysUnknown: (t) => t("Unknown days of the week"),
  priceMoreThanZero: (t) => t("Price must be more than zero"),
  nightlyPriceTooHigh: (t) => t("Price must be at most $100,000 a night"),
  minStayNumber: (t) => t("Minimum stay must be a number of nights"),
  minStayWhole: (t) => t("Minimum stay must be a whole number of nights"),
  minStayAtLeast: (t) => t("Minimum stay must be at least 1 night"),
  minStayAtMost: (t, v: Limit) => t("Minimum stay must be at most {{max}} nights", v),
  chooseOpenClosed: (t) => t("Choose open or closed"),
  roomsToSellNumber: (t) => t("Rooms to sell must be a number"),
  roomsToSellWhole: (t) => t("Rooms to sell must be a whole number"),
  roomsToSellNegative: (t) => t("Rooms to sell cannot be negative"),
  pastDates: (t) => t("Dates in the past cannot be changed"),
  lastNightOrder: (t) => t("The last night must be on or after the first night"),
  rangeTooLong: (t, v: Limit) => t("Change at most {{max}} nights at once", v),
  noWeekdayInRange: (t) => t("None of the chosen days of the week falls in these dates"),
  minStayLonger: (t, v: { minStay: number; nights: number }) =>
    t("Minimum stay ({{minStay}} nights) is longer than the {{nights}} nights chosen", v),
  setSomething: (t) => t("Set a price, a minimum stay, open/closed or rooms to sell"),
  monthFormat: (t) => t("Enter a month as YYYY-MM"),
  monthYears: (t) => t("Choose a month between 2000 and 2099"),
  // Date fields (date-fields.ts) and reports (revenue-reports.ts)
  dateFieldRequired: (t, v: Field) => t("{{field}} is required (a date like 2026-05-31)", v),
  dateFieldFormat: (t, v: Field) => t("{{field}} must be a date like 2026-05-31", v),
  dateFieldYears: (t, v: Field) => t("{{field}} must be between 2000 and 2099", v),
  endBeforeStart: (t) => t("The end date must be on or after the start date"),
  reportTooLong: (t, v: { max: number; nights: number }) => t("Choose at most {{max}} days (this range has {{nights}})", v),
  // Hotels and room types (property-hotels.ts): most are built from a field's name
  fieldRequired: (t, v: Field) => t("{{field}} is required", v),
  fieldTooLong: (t, v: Field & Limit) => t("{{field}} must be at most {{max}} characters", v),
  fieldReversing: (t, v: Field) => t("{{field}} contains characters that reverse the text's direction: remove them", v),
  fieldNumber: (t, v: Field) => t("{{field}} must be a number", v),
  fieldWhole: (t, v: Field) => t("{{field}} must be a whole number", v),
  fieldInWholeCents: (t, v: Field) => t("{{field}} must be in whole cents", v),
  fieldWholeNumberOfCents: (t, v: Field) => t("{{field}} must be a whole number of cents", v),
  /** The back office's forms take prices in dollars: there a price's "whole cents" rule reads as this. */
  fieldTwoDecimals: (t, v: Field) => t("{{field}} must be with at most 2 decimals", v),
  fieldMoreThanZero: (t, v: Field) => t("{{field}} must be more than 0", v),
  fieldNegative: (t, v: Field) => t("{{field}} cannot be negative", v),
  fieldAtLeast: (t, v: Field & { min: number }) => t("{{field}} must be at least {{min}}", v),
  fieldAtMost: (t, v: Field & Limit) => t("{{field}} must be at most {{max}}", v),
  fieldBetween: (t, v: Field & Limit & { min: number }) => t("{{field}} must be between {{min}} and {{max}}", v),
  amenitiesList: (t) => t("amenities must be a list"),
  unknownAmenity: (t, v: { list: string }) => t("Unknown amenity: {{list}}. Choose from the list.", v),
  amenityOnce: (t) => t("Each amenity may be chosen once"),
  starRating: (t) => t("Star rating must be 1 to 5"),
  childAgeNumber: (t) => t("Free for children under must be an age"),
  childAgeWhole: (t) => t("Free for children under must be a whole age"),
  childAgeRange: (t) => t("Free for children under must be 0 to 18"),
  checkInTime: (t) => t("Check-in time must look like 15:00"),
  checkOutTime: (t) => t("Check-out time must look like 11:00"),
  hiddenBoolean: (t) => t("hidden must be true or false"),
  closedBoolean: (t) => t("closed must be true or false"),
  timeZoneRequired: (t) => t("Choose the hotel's time zone from the list"),
  timeZoneUnknown: (t) => t("Choose the hotel's time zone from the list (a name such as Europe/Paris)"),
  hotelCurrency: (t, v: { currency: string }) =>
    t("Hotels are priced and charged in {{currency}}: reports and loyalty points add every hotel's amounts in one currency", v),
  sizeAtLeast: (t) => t("Size must be at least 1 m²"),
  sizeAtMost: (t) => t("Size must be at most 10000 m²"),
  originalPriceHigher: (t) => t("Original price must be higher than the price (or left empty)"),
  tooManyPhotos: (t, v: Limit) => t("At most {{max}} photos", v),
  // Extras (extras.ts)
  chooseExtraKind: (t) => t("Choose what the extra is: breakfast, parking, airport transfer, late check-out, early check-in, pet or other"),
  chooseExtraPricing: (t) => t("Choose how the extra is priced: per stay, per night, per person or per person per night"),
  priceGreaterThanZero: (t) => t("Price must be greater than 0"),
  priceTooLarge: (t) => t("Price is too large"),
  unknownExtra: (t) => t("Unknown extra"),
  tooManyExtras: (t) => t("Too many extras"),
  extraOnce: (t) => t("Choose each extra once"),
  // Taxes and fees (taxes.ts)
  rateDecimals: (t, v: Field) => t("{{field}} must be given to two decimal places at most", v),
  ratePercent: (t, v: Field) => t("{{field}} must be between 0 and 100 %", v),
  tierStars: (t) => t("A tier's stars must be 1 to 5"),
  tooManyTiers: (t, v: Limit) => t("At most {{max}} city tax tiers", v),
  exemptionAge: (t) => t("The exemption age must be 1 to 17"),
  nightsCap: (t) => t("The cap on nights must be 1 to 365"),
  tierStarsDiffer: (t) => t("Each city tax tier needs different stars"),
  chooseCityTaxKind: (t) => t("Choose how the city tax is counted: per person per night, or a percentage"),
  chooseFeeBasis: (t) => t("Choose how the fee is counted: per room per stay, or per room per night"),
  tooManyFees: (t, v: Limit) => t("At most {{max}} fees", v),
  // The back office's wholesaler settings (client/features/admin/api-settings-form.tsx)
  apiUrlRequired: (t) => t("API URL is required"),
  apiUrlTooLong: (t) => t("API URL must be at most 500 characters"),
  apiUrlScheme: (t) => t("API URL must start with http:// or https://"),
  usernameRequired: (t) => t("Username is required"),
  usernameTooLong: (t) => t("Username must be at most 200 characters"),
  settingsPasswordTooLong: (t) => t("Password must be at most 200 characters"),
  settingsPasswordNeeded: (t) => t("Enter the password for this environment"),
} satisfies Record<string, (t: Say, values: never) => string>;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** The values a message takes (none for most). */
export type FieldMessageValues<K extends FieldMessageKey> = Parameters<(typeof FIELD_MESSAGES)[K]>[1];
type ValuesArgument<K extends FieldMessageKey> = FieldMessageValues<K> extends undefined ? [] : [FieldMessageValues<K>];

type AnyEntry = (t: Say, values?: Values) => string;
const NUMBERS = new Set(["min", "max", "nights", "minStay"]);

function fill(template: string, values: Values | undefined): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (values?.[name] === undefined ? whole : String(values[name])));
}
const english: Say = fill;

/** The message in the reader's language through `t` (English words as keys), its field named in that language too. */
export function sayField(key: FieldMessageKey, values: Values | undefined, t: Say): string {
  const field = values?.field;
  const shown = typeof field === "string" && field in FIELD_NAMES ? { ...values, field: FIELD_NAMES[field as FieldName](t) } : values;
  return (FIELD_MESSAGES[key] as AnyEntry)(t, shown);
}

/** A schema's message in English: what the server answers and zod reports. */
export function fieldError<K extends FieldMessageKey>(key: K, ...values: ValuesArgument<K>): string {
  return sayField(key, values[0] as Values | undefined, english);
}

export type FieldReading = { key: FieldMessageKey; values: Values | undefined };
type Pattern = { key: FieldMessageKey; shape: RegExp; names: string[] };

let exact: Map<string, FieldMessageKey> | null = null;
let patterns: Pattern[] = [];
let fieldNames: Map<string, FieldName> = new Map();

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The catalogue's texts as lookups, built once from the entries themselves (no text is written twice). */
function index(): Map<string, FieldMessageKey> {
  if (exact) return exact;
  const template: Say = (words) => words;
  exact = new Map();
  patterns = [];
  for (const key of Object.keys(FIELD_MESSAGES) as FieldMessageKey[]) {
    const words = (FIELD_MESSAGES[key] as AnyEntry)(template, {});
    const names = [...words.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exact.has(words)) exact.set(words, key);
      continue;
    }
    const source = escape(words).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
      NUMBERS.has(name) ? "(-?\\$?\\d[\\d,.]*)" : "(.+?)",
    );
    patterns.push({ key, shape: new RegExp(`^${source}$`), names });
  }
  fieldNames = new Map((Object.keys(FIELD_NAMES) as FieldName[]).map((name) => [FIELD_NAMES[name]((words) => words), name] as const));
  return exact;
}

/** Which entry wrote a message, and with which values; undefined for a text the catalogue did not write. */
export function readFieldMessage(message: string): FieldReading | undefined {
  const key = index().get(message);
  if (key) return { key, values: undefined };
  for (const { key, shape, names } of patterns) {
    const match = shape.exec(message);
    if (!match) continue;
    const values: Values = {};
    let known = true;
    names.forEach((name, i) => {
      const value = match[i + 1]!;
      if (name !== "field") values[name] = value;
      else if (fieldNames.has(value)) values[name] = fieldNames.get(value)!;
      else known = false;
    });
    if (known) return { key, values };
  }
  return undefined;
}

/** A message of the shared schemas said through `t`; undefined for a text the catalogue did not write. */
export function sayFieldMessage(message: string, t: Say): string | undefined {
  const reading = readFieldMessage(message);
  return reading ? sayField(reading.key, reading.values, t) : undefined;
}
