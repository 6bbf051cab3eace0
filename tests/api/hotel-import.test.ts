import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../src/shared/hotel-import.ts";
import { activityLogs, hotels, roomTypes, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;

const HEADER = IMPORT_COLUMNS.map((c) => c.name);
type Cells = Record<(typeof HEADER)[number], string>;

function row(overrides: Partial<Cells> = {}): Cells {
  return {
    hotel_ref: "H1",
    hotel_name: "Quayside Import Hotel",
    address: "1 Harbour Street",
    city: "Barcelona",
    country: "Spain",
    lat: "41.38",
    lng: "2.17",
    star_rating: "4",
    description: "Imported from a spreadsheet.",
    hotel_amenities: "Free WiFi|Pool",
    cancellation_policy: "Free cancellation up to 2 days before check-in",
    free_cancellation_days: "2",
    check_in_time: "14:00",
    check_out_time: "11:00",
    hidden: "no",
    room_name: "Standard Double",
    room_description: "A double room.",
    bed_type: "1 double bed",
    size_m2: "20",
    max_guests: "2",
    room_amenities: "Flat-screen TV|Desk",
    total_rooms: "5",
    price: "120",
    original_price: "",
    ...overrides,
  };
}

function csv(rows: Cells[], header: string[] = [...HEADER]): string {
  return [csvRowRaw(header), ...rows.map((r) => csvRowRaw(header.map((h) => r[h as keyof Cells] ?? "")))].join("\r\n") + "\r\n";
}

/** csvRow neutralises formulas; the hostile tests need the raw cells, quoted only where CSV needs it. */
function csvRowRaw(cells: string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",");
}

/** The CSV upload, sent raw: the route reads its multipart form itself, which the typed client does not type. */
function post(content: string | Uint8Array, options: { dryRun?: boolean; cookie?: string } = {}) {
  const form = new FormData();
  form.append("file", new Blob([content as BlobPart], { type: "text/csv" }), "hotels.csv");
  form.append("dryRun", String(options.dryRun ?? true));
  return Promise.resolve(
    t.app.request("http://localhost:3000/api/admin/hotel-import", {
      method: "POST",
      body: form,
      headers: { origin: t.deps.config.publicUrl, cookie: options.cookie ?? admin },
    }),
  );
}

async function hotelCount(): Promise<number> {
  const [r] = await t.deps.db.select({ n: count() }).from(hotels);
  return Number(r!.n);
}

type Result = {
  dryRun: boolean;
  rows: number;
  hotels: number;
  roomTypes: number;
  problems: { row: number; column: string; message: string }[];
  imported: boolean;
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "boss@example.com", "boss-password");
  await signUp(t, "manager@example.com", "secret123", "Manny");
  await t.deps.db.update(users).set({ role: "manager" }).where(eq(users.email, "manager@example.com"));
  manager = await signIn(t, "manager@example.com");
});
afterAll(() => t.close());

describe("CSV import of hotels and room types", () => {
  it("is for admins only", async () => {
    expect((await post(csv([row()]), { cookie: manager })).status).toBe(403);
  });

  it("a dry run lists every row's problems (row, column, message) and writes nothing", async () => {
    const before = await hotelCount();
    const result = await bodyOf<Result>(
      await post(
        csv([
          row(),
          row({ room_name: "Suite", price: "-5" }),
          row({ hotel_ref: "H2", city: "Atlantis" }),
          row({ hotel_ref: "H3", star_rating: "7", price: "abc", original_price: "10" }),
          row({ hotel_ref: "H4", hotel_amenities: "Free WiFi|Helipad" }),
          row({ hotel_name: "Another name for H1" }),
          // Latitude and longitude swapped: Barcelona's hotel would sit off Somalia.
          row({ hotel_ref: "H5", lat: "2.17", lng: "41.39" }),
        ]),
      ),
      200,
    );
    expect(result).toMatchObject({ dryRun: true, rows: 7, imported: false });
    const byRow = (n: number) => result.problems.filter((p) => p.row === n);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3).map((p) => p.column)).toEqual(["price"]);
    expect(byRow(4)).toEqual([
      { row: 4, column: "city", message: expect.stringContaining("Atlantis, Spain is not in the destination list") },
    ]);
    expect(
      byRow(5)
        .map((p) => p.column)
        .sort(),
    ).toEqual(["price", "star_rating"]);
    expect(byRow(6)).toEqual([{ row: 6, column: "hotel_amenities", message: expect.stringContaining("Unknown amenity: Helipad") }]);
    expect(byRow(7)).toEqual([
      { row: 7, column: "hotel_ref", message: expect.stringContaining("differ from the first row of H1 (row 2)") },
    ]);
    expect(byRow(8)).toEqual([{ row: 8, column: "lat", message: expect.stringMatching(/km from the centre of Barcelona/) }]);
    expect(await hotelCount()).toBe(before);
  });

  it("refuses formulas in any cell, a negative number is not one", async () => {
    const result = await bodyOf<Result>(
      await post(
        csv([
          row({ hotel_name: '=HYPERLINK("http://evil")' }),
          row({ hotel_ref: "H2", description: "+cmd" }),
          row({ hotel_ref: "H3", address: "@SUM(A1)" }),
          row({ hotel_ref: "H4", room_description: "\tTabbed" }),
          row({ hotel_ref: "H5", lat: "-33.87", lng: "151.21", city: "Sydney", country: "Australia" }),
          // Leading spaces are trimmed before the text is stored, so they hide nothing.
          row({ hotel_ref: "H6", hotel_name: ' =HYPERLINK("http://evil","x")', room_name: "  @SUM(A1)" }),
          row({ hotel_ref: "H7", lat: " -33.87", lng: "151.21", city: "Sydney", country: "Australia" }),
        ]),
      ),
      200,
    );
    expect(result.problems.map((p) => [p.row, p.column])).toEqual([
      [2, "hotel_name"],
      [3, "description"],
      [4, "address"],
      [5, "room_description"],
      [7, "hotel_name"],
      [7, "room_name"],
    ]);
    expect(result.problems[0]!.message).toContain("spreadsheet formulas are not accepted");
  });

  it("refuses wrong or missing columns, too many rows and oversize files with clear 400s", async () => {
    const missing = await errorOf(
      await post(
        csv(
          [row()],
          HEADER.filter((h) => h !== "price"),
        ),
      ),
      400,
    );
    expect(missing.code).toBe("IMPORT_BAD_COLUMNS");
    expect(missing.message).toContain("missing: price");
    const extra = await errorOf(await post(csv([row()], [...HEADER, "secret_sauce"])), 400);
    expect(extra.message).toContain("not known: secret_sauce");
    // Saved with semicolons (a European spreadsheet's CSV): said so, not 24 unknown columns.
    const semicolons = await errorOf(await post(`${HEADER.join(";")}\r\n`), 400);
    expect(semicolons.message).toContain("separated by semicolons");
    // A header and nothing else imports nothing: said so, even when asked to import.
    const empty = await errorOf(await post(csv([]), { dryRun: false }), 400);
    expect(empty.message).toContain("no rows after the header");

    const many = csv(Array.from({ length: 5001 }, (_, i) => row({ hotel_ref: `H${i}` })));
    const tooMany = await errorOf(await post(many), 400);
    expect(tooMany.code).toBe("IMPORT_TOO_MANY_ROWS");
    expect(tooMany.message).toContain("more than 5,000 rows");

    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61);
    const oversize = await errorOf(await post(big), 400);
    expect(oversize.code).toBe("IMPORT_FILE_TOO_LARGE");
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    expect((await errorOf(await post(huge), 400)).code).toBe("IMPORT_FILE_TOO_LARGE");

    const binary = await errorOf(await post(new Uint8Array([0xff, 0xfe, 0x00, 0x41])), 400);
    expect(binary.code).toBe("IMPORT_NOT_CSV");
  });

  it("an import with problems writes nothing, even the good rows", async () => {
    const before = await hotelCount();
    const refused = await errorOf(await post(csv([row(), row({ hotel_ref: "H2", total_rooms: "0" })]), { dryRun: false }), 400);
    expect(refused.code).toBe("IMPORT_HAS_PROBLEMS");
    expect(refused.details?.problems).toEqual([expect.objectContaining({ row: 3 })]);
    expect(await hotelCount()).toBe(before);
  });

  it("imports hotels with their room types in one go; the shown ones are found by search", async () => {
    const before = await hotelCount();
    const content = csv([
      row(),
      row({ room_name: "Family Room", max_guests: "4", price: "199.50", original_price: "240" }),
      row({ hotel_ref: "H2", hotel_name: "Hidden Import Lodge", hidden: "yes", room_name: "Cabin" }),
    ]);
    const dry = await bodyOf<Result>(await post(content), 200);
    expect(dry).toMatchObject({ rows: 3, hotels: 2, roomTypes: 3, problems: [], imported: false });
    expect(await hotelCount()).toBe(before);

    const done = await bodyOf<Result>(await post(content, { dryRun: false }), 200);
    expect(done).toMatchObject({ hotels: 2, roomTypes: 3, imported: true });
    expect(await hotelCount()).toBe(before + 2);
    const [quay] = await t.deps.db.select().from(hotels).where(eq(hotels.name, "Quayside Import Hotel"));
    expect(quay).toMatchObject({ countryCode: "ES", priceCents: 12_000, hidden: false, wifi: true, pool: true, checkInTime: "14:00" });
    const rooms = await t.deps.db.select().from(roomTypes).where(eq(roomTypes.hotelId, quay!.id));
    expect(rooms.map((r) => [r.name, r.priceCents, r.originalPriceCents]).sort()).toEqual([
      ["Family Room", 19_950, 24_000],
      ["Standard Double", 12_000, null],
    ]);
    const search = await bodyOf(await t.api.hotels.search.$get({ query: { destination: "Import" } }), 200);
    expect(search.hotels.map((h) => h.name)).toEqual(["Quayside Import Hotel"]);
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "hotels_imported"));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.details).toMatchObject({ hotels: 2, roomTypes: 3 });

    // The same file again: every hotel is already listed, said per hotel, and nothing is written twice.
    const again = await bodyOf<Result>(await post(content.replace("Hidden Import Lodge", "HIDDEN IMPORT LODGE")), 200);
    expect(again.problems).toEqual([
      {
        row: 2,
        column: "hotel_name",
        message: expect.stringMatching(/^Quayside Import Hotel in Barcelona is already in the catalogue \(hotel \d+\)/),
      },
      { row: 4, column: "hotel_name", message: expect.stringMatching(/^Hidden Import Lodge in Barcelona is already in the catalogue/) },
    ]);
    const refused = await post(content, { dryRun: false });
    expect(refused.status).toBe(400);
    expect(await hotelCount()).toBe(before + 2);
  });

  it('reads a price with more than 2 decimals as that, not as "not a number"', async () => {
    const result = await bodyOf<Result>(await post(csv([row({ price: "180.555" })])), 200);
    expect(result.problems).toEqual([{ row: 2, column: "price", message: expect.stringContaining("at most 2 decimals") }]);
  });
});
