/**
 * CSV import of hotels and room types (issue 14 item 6, decision 021). Every row is checked before
 * anything is written; a dry run answers the problems only, a real run writes all hotels and room
 * types in one transaction or nothing.
 */
import type { z } from "zod";
import type { SessionUser } from "../../shared/auth.ts";
import { parseCsv } from "../../shared/csv.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_LIST_SEPARATOR,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportProblem,
} from "../../shared/hotel-import.ts";
import { HotelInput, RoomTypeInput, looksLikeFormula } from "../../shared/property-hotels.ts";
import type { Db } from "../db/client.ts";
import { hotels, roomTypes } from "../db/schema.ts";
import { timeZoneAt } from "../db/seed/time-zones.ts";
import { DomainError } from "../domain-error.ts";
import { imageUrl } from "../integrations/images/hotel-images.ts";
import { logActivity } from "./activity-log.ts";
import { coordinatesProblem, findDestination, hotelColumns, refreshDestinationCounts, settleHotel } from "./property-hotels.ts";
import { eq, inArray, sql } from "drizzle-orm";

export interface ImportResult {
  dryRun: boolean;
  /** Data rows in the file (the header not counted). */
  rows: number;
  hotels: number;
  roomTypes: number;
  problems: ImportProblem[];
  imported: boolean;
}

/** Problems beyond this many are not listed one by one (the count still says how many rows failed). */
const MAX_LISTED_PROBLEMS = 500;

const HOTEL_FIELDS: Partial<Record<keyof HotelInput, ImportColumn>> = {
  name: "hotel_name",
  address: "address",
  city: "city",
  country: "country",
  lat: "lat",
  lng: "lng",
  starRating: "star_rating",
  description: "description",
  amenities: "hotel_amenities",
  cancellationPolicy: "cancellation_policy",
  freeCancellationDays: "free_cancellation_days",
  checkInTime: "check_in_time",
  checkOutTime: "check_out_time",
  hidden: "hidden",
};
const ROOM_FIELDS: Partial<Record<keyof RoomTypeInput, ImportColumn>> = {
  name: "room_name",
  description: "room_description",
  bedType: "bed_type",
  sizeM2: "size_m2",
  maxGuests: "max_guests",
  amenities: "room_amenities",
  totalRooms: "total_rooms",
  priceCents: "price",
  originalPriceCents: "original_price",
};

type Row = Record<ImportColumn, string>;

/** A number written as people write them ("-33.87", "4"); anything else (0x10, 1e3, "") is left for zod to name. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function list(text: string): string[] {
  return text
    .split(IMPORT_LIST_SEPARATOR)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** "180" or "179.50" in currency units → cents; anything else is left for zod to name. */
function cents(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (/^\d+\.\d{3,}$/.test(trimmed)) return Number(trimmed) * 100; // not whole cents: "at most 2 decimals"
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return trimmed;
  return Math.round(Number(trimmed) * 100);
}

function hiddenOf(text: string): boolean | string {
  const v = text.trim().toLowerCase();
  if (["", "no", "false", "0"].includes(v)) return false;
  if (["yes", "true", "1"].includes(v)) return true;
  return text;
}

function hotelOf(row: Row) {
  return {
    name: row.hotel_name,
    address: row.address,
    city: row.city,
    country: row.country,
    lat: numberOf(row.lat),
    lng: numberOf(row.lng),
    starRating: numberOf(row.star_rating),
    description: row.description,
    amenities: list(row.hotel_amenities),
    cancellationPolicy: row.cancellation_policy,
    freeCancellationDays: numberOf(row.free_cancellation_days),
    checkInTime: row.check_in_time.trim(),
    checkOutTime: row.check_out_time.trim(),
    hidden: hiddenOf(row.hidden),
  };
}

function roomOf(row: Row) {
  const price = cents(row.price);
  return {
    name: row.room_name,
    description: row.room_description,
    bedType: row.bed_type,
    sizeM2: numberOf(row.size_m2),
    maxGuests: numberOf(row.max_guests),
    amenities: list(row.room_amenities),
    totalRooms: numberOf(row.total_rooms),
    priceCents: price === null ? "" : price,
    originalPriceCents: cents(row.original_price),
  };
}

function issuesOf(
  error: z.ZodError,
  fields: Record<string, ImportColumn | undefined>,
  rowNumber: number,
  fallback: ImportColumn,
): ImportProblem[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? "");
    let message = issue.message;
    // Prices are typed in the file in currency units, not cents.
    if (key === "priceCents" || key === "originalPriceCents") message = message.replace(/ in whole cents/, " with at most 2 decimals");
    return { row: rowNumber, column: fields[key] ?? fallback, message };
  });
}

interface PlannedHotel {
  ref: string;
  firstRow: number;
  input: HotelInput;
  rooms: RoomTypeInput[];
}

/** Checks a whole file; returns every row's problems and, when there are none, what would be written. */
export function checkImport(text: string): { rows: number; problems: ImportProblem[]; plan: PlannedHotel[] } {
  let parsed: { rows: string[][]; truncated: boolean };
  try {
    parsed = parseCsv(text, IMPORT_MAX_ROWS + 1);
  } catch (error) {
    throw new DomainError("IMPORT_NOT_CSV", `This is not a readable CSV file: ${(error as Error).message}`);
  }
  if (parsed.truncated) throw new DomainError("IMPORT_TOO_MANY_ROWS");
  const [header, ...body] = parsed.rows;
  if (!header) throw new DomainError("IMPORT_BAD_COLUMNS", "The file is empty: the first row must name the columns.");
  const names = header.map((h) => h.trim().toLowerCase());
  // A spreadsheet saved with semicolons (the CSV of many European locales) reads as one column.
  if (names.length === 1 && names[0]!.includes(";")) {
    throw new DomainError(
      "IMPORT_BAD_COLUMNS",
      "The columns are separated by semicolons; the import reads commas. Save the file as CSV with commas between columns.",
      { missing: [], unknown: [], repeated: [] },
    );
  }
  const expected: readonly string[] = IMPORT_COLUMNS.map((c) => c.name);
  const missing = expected.filter((c) => !names.includes(c));
  const unknown = names.filter((c) => !expected.includes(c));
  const repeated = names.filter((c, i) => names.indexOf(c) !== i);
  if (missing.length > 0 || unknown.length > 0 || repeated.length > 0) {
    const parts = [
      missing.length > 0 ? `missing: ${missing.join(", ")}` : "",
      unknown.length > 0 ? `not known: ${unknown.map((u) => u || "(empty)").join(", ")}` : "",
      repeated.length > 0 ? `repeated: ${[...new Set(repeated)].join(", ")}` : "",
    ].filter(Boolean);
    throw new DomainError("IMPORT_BAD_COLUMNS", `The file's columns are not the ones the import expects (${parts.join("; ")}).`, {
      missing,
      unknown,
      repeated,
    });
  }
  if (body.length === 0) throw new DomainError("IMPORT_BAD_COLUMNS", "The file has no rows after the header: there is nothing to import.");
  if (body.length > IMPORT_MAX_ROWS) throw new DomainError("IMPORT_TOO_MANY_ROWS");

  const problems: ImportProblem[] = [];
  const byRef = new Map<string, PlannedHotel>();
  const hotelTexts = new Map<string, string>();
  body.forEach((cells, index) => {
    const rowNumber = index + 2;
    if (cells.length !== names.length) {
      problems.push({ row: rowNumber, column: "(row)", message: `This row has ${cells.length} cells; the header has ${names.length}.` });
      return;
    }
    const row = Object.fromEntries(names.map((n, i) => [n, cells[i]!])) as Row;
    let formula = false;
    for (const name of names) {
      if (looksLikeFormula(row[name as ImportColumn])) {
        formula = true;
        problems.push({
          row: rowNumber,
          column: name,
          message: "Starts with = + - @ or a tab: spreadsheet formulas are not accepted. Remove the leading character.",
        });
      }
    }
    if (formula) return;
    const ref = row.hotel_ref.trim();
    if (!ref) {
      problems.push({ row: rowNumber, column: "hotel_ref", message: "hotel_ref is required: it groups the rows of one hotel." });
      return;
    }
    const hotelText = JSON.stringify(Object.values(HOTEL_FIELDS).map((c) => row[c!].trim()));
    const hotel = HotelInput.safeParse(hotelOf(row));
    const room = RoomTypeInput.safeParse(roomOf(row));
    if (!hotel.success) problems.push(...issuesOf(hotel.error, HOTEL_FIELDS, rowNumber, "hotel_name"));
    else {
      const destination = findDestination(hotel.data.city, hotel.data.country);
      const misplaced = destination && coordinatesProblem(destination, hotel.data.lat, hotel.data.lng);
      if (!destination)
        problems.push({
          row: rowNumber,
          column: "city",
          message: `${hotel.data.city}, ${hotel.data.country} is not in the destination list. Use a city and country as the list names them.`,
        });
      else if (misplaced) problems.push({ row: rowNumber, column: "lat", message: misplaced });
    }
    if (!room.success) problems.push(...issuesOf(room.error, ROOM_FIELDS, rowNumber, "room_name"));
    const earlier = hotelTexts.get(ref);
    if (earlier !== undefined && earlier !== hotelText) {
      problems.push({
        row: rowNumber,
        column: "hotel_ref",
        message: `The hotel columns differ from the first row of ${ref} (row ${byRef.get(ref)?.firstRow ?? "?"}): every row of one hotel repeats them exactly.`,
      });
    }
    if (!hotel.success || !room.success) return;
    if (earlier === undefined) {
      hotelTexts.set(ref, hotelText);
      byRef.set(ref, { ref, firstRow: rowNumber, input: hotel.data, rooms: [] });
    }
    byRef.get(ref)?.rooms.push(room.data);
  });
  for (const planned of byRef.values()) {
    if (!planned.input.hidden && planned.rooms.every((r) => r.closed)) {
      problems.push({ row: planned.firstRow, column: "hidden", message: "A hotel shown to travellers needs at least one room type." });
    }
  }
  return { rows: body.length, problems, plan: [...byRef.values()] };
}

/**
 * Hotels of the file that the catalogue already lists (the same name, any case, in the same city):
 * a file imported twice would otherwise list every hotel twice.
 */
async function alreadyListed(db: Db, plan: PlannedHotel[]): Promise<ImportProblem[]> {
  if (plan.length === 0) return [];
  const names = [...new Set(plan.map((p) => p.input.name.toLowerCase()))];
  const existing = await db
    .select({ id: hotels.id, name: hotels.name, city: hotels.city, country: hotels.country })
    .from(hotels)
    .where(inArray(sql`lower(${hotels.name})`, names));
  const byKey = new Map(existing.map((h) => [`${h.name.toLowerCase()}|${h.city}|${h.country}`, h]));
  return plan.flatMap((p) => {
    const place = findDestination(p.input.city, p.input.country);
    const found = place ? byKey.get(`${p.input.name.toLowerCase()}|${place.city}|${place.country}`) : undefined;
    return found
      ? [
          {
            row: p.firstRow,
            column: "hotel_name",
            message: `${found.name} in ${found.city} is already in the catalogue (hotel ${found.id}). Remove its rows, or give the new hotel another name.`,
          },
        ]
      : [];
  });
}

/** Checks the file and, unless it is a dry run, writes every hotel and room type in one transaction. */
export async function importHotels(
  db: Db,
  actor: SessionUser,
  file: { size: number; text: string },
  dryRun: boolean,
): Promise<ImportResult> {
  if (file.size > IMPORT_MAX_BYTES) throw new DomainError("IMPORT_FILE_TOO_LARGE");
  const { rows, problems, plan } = checkImport(file.text);
  problems.push(...(await alreadyListed(db, plan)));
  problems.sort((a, b) => a.row - b.row);
  const counts = { hotels: plan.length, roomTypes: plan.reduce((n, h) => n + h.rooms.length, 0) };
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  if (dryRun) return { dryRun, rows, ...counts, problems: listed, imported: false };
  if (problems.length > 0) {
    throw new DomainError(
      "IMPORT_HAS_PROBLEMS",
      `Nothing was imported: ${problems.length} problem${problems.length > 1 ? "s" : ""} found. Fix them and import again.`,
      {
        problems: listed,
      },
    );
  }
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const planned of plan) {
      const columns = hotelColumns(planned.input);
      const [created] = await tx
        .insert(hotels)
        .values({
          ...columns,
          timeZone: columns.timeZone ?? timeZoneAt(planned.input.lat, planned.input.lng),
          priceCents: planned.rooms[0]!.priceCents,
          image: imageUrl("exterior", 1),
        })
        .returning({ id: hotels.id });
      const hotelId = created!.id;
      ids.push(hotelId);
      await tx
        .update(hotels)
        .set({ image: imageUrl("exterior", hotelId) })
        .where(eq(hotels.id, hotelId));
      await tx.insert(roomTypes).values(planned.rooms.map((r) => ({ ...r, hotelId })));
      await settleHotel(tx, hotelId);
    }
    await refreshDestinationCounts(
      tx,
      plan.map((p) => {
        const d = findDestination(p.input.city, p.input.country)!;
        return { city: d.city, country: d.country };
      }),
    );
    await logActivity(tx, {
      actionType: "hotels_imported",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotels: counts.hotels, roomTypes: counts.roomTypes, hotelIds: ids.slice(0, 100) },
    });
  });
  return { dryRun, rows, ...counts, problems: [], imported: true };
}
