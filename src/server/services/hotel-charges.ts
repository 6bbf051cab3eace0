/**
 * A hotel's taxes, fees and extras in the back office (issue 30 items 1 and 4, decisions 059 and
 * 060). Settings and extras change the next quote only: a booking keeps its charges as sold.
 * Callers are hotel staff whose access to the hotel was checked (requireHotelAccess).
 */
import { and, asc, count, eq, max } from "drizzle-orm";
import type { ExtraInput, ExtraView } from "../../shared/extras.ts";
import { MAX_EXTRAS_PER_HOTEL } from "../../shared/extras.ts";
import { taxIdProblem } from "../../shared/tax-ids.ts";
import type { TaxSettings } from "../../shared/taxes.ts";
import type { Db } from "../db/client.ts";
import { pgConstraint, pgErrorCode } from "../db/pg-errors.ts";
import { hotelExtras, hotels } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";

/** Who changes the settings: written to the activity log. */
type Actor = { id: string; email: string };
type ExtraRow = typeof hotelExtras.$inferSelect;

export interface HotelTaxSettingsView {
  hotelId: string;
  countryCode: string;
  currency: string;
  settings: TaxSettings;
}

async function hotelRow(db: Db, hotelId: number) {
  const [hotel] = await db
    .select({ id: hotels.id, countryCode: hotels.countryCode, currency: hotels.currency, taxSettings: hotels.taxSettings })
    .from(hotels)
    .where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return hotel;
}

export async function getHotelTaxSettings(db: Db, hotelId: number): Promise<HotelTaxSettingsView> {
  const hotel = await hotelRow(db, hotelId);
  return { hotelId: String(hotel.id), countryCode: hotel.countryCode, currency: hotel.currency, settings: hotel.taxSettings };
}

/**
 * Replaces the hotel's taxes and fees (already validated by TaxSettings). What staff save is theirs:
 * the demo mark of the seeded defaults is dropped.
 */
export async function updateHotelTaxSettings(db: Db, actor: Actor, hotelId: number, input: TaxSettings): Promise<HotelTaxSettingsView> {
  const settings: TaxSettings = { vat: input.vat, cityTax: input.cityTax, fees: input.fees };
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(hotels)
      .set({ taxSettings: settings, updatedAt: new Date() })
      .where(eq(hotels.id, hotelId))
      .returning({ id: hotels.id });
    if (!updated) throw new DomainError("HOTEL_NOT_FOUND");
    await logActivity(tx, {
      actionType: "hotel_tax_settings_updated",
      userId: actor.id,
      userEmail: actor.email,
      details: {
        hotelId,
        vat: settings.vat
          ? `${settings.vat.name} ${settings.vat.rateBasisPoints / 100} % ${settings.vat.included ? "included" : "added"}`
          : null,
        cityTax: settings.cityTax?.name ?? null,
        fees: settings.fees.map((fee) => fee.name),
      },
    });
  });
  return getHotelTaxSettings(db, hotelId);
}

function toView(row: ExtraRow): ExtraView {
  return {
    id: String(row.id),
    hotelId: String(row.hotelId),
    name: row.name,
    kind: row.kind,
    pricing: row.pricing,
    priceCents: row.priceCents,
    taxable: row.taxable,
    active: row.active,
  };
}

/** Every extra of the hotel, active or not, in the hotel's order. */
export async function listHotelExtras(db: Db, hotelId: number): Promise<ExtraView[]> {
  const rows = await db
    .select()
    .from(hotelExtras)
    .where(eq(hotelExtras.hotelId, hotelId))
    .orderBy(asc(hotelExtras.sortOrder), asc(hotelExtras.id));
  return rows.map(toView);
}

function nameTaken(error: unknown): boolean {
  return pgErrorCode(error) === "23505" && pgConstraint(error) === "hotel_extras_hotel_name";
}

async function logExtra(
  db: Db,
  actor: Actor,
  actionType: "hotel_extra_created" | "hotel_extra_updated" | "hotel_extra_deleted",
  extra: ExtraView,
) {
  await logActivity(db, {
    actionType,
    userId: actor.id,
    userEmail: actor.email,
    details: {
      hotelId: Number(extra.hotelId),
      extraId: Number(extra.id),
      name: extra.name,
      priceCents: extra.priceCents,
      active: extra.active,
    },
  });
}

export async function createHotelExtra(db: Db, actor: Actor, hotelId: number, input: ExtraInput): Promise<ExtraView> {
  try {
    return await db.transaction(async (tx) => {
      // The hotel row is locked so two creations at once cannot both pass the limit.
      await tx.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, hotelId)).for("update");
      const [stats] = await tx
        .select({ n: count(), last: max(hotelExtras.sortOrder) })
        .from(hotelExtras)
        .where(eq(hotelExtras.hotelId, hotelId));
      if ((stats?.n ?? 0) >= MAX_EXTRAS_PER_HOTEL) {
        throw new DomainError(
          "VALIDATION_ERROR",
          `A hotel may offer at most ${MAX_EXTRAS_PER_HOTEL} extras: delete one you no longer sell first.`,
        );
      }
      const [row] = await tx
        .insert(hotelExtras)
        .values({ hotelId, ...input, sortOrder: (stats?.last ?? 0) + 1 })
        .returning();
      const view = toView(row!);
      await logExtra(tx, actor, "hotel_extra_created", view);
      return view;
    });
  } catch (error) {
    if (nameTaken(error)) throw new DomainError("EXTRA_NAME_TAKEN");
    throw error;
  }
}

export async function updateHotelExtra(
  db: Db,
  actor: Actor,
  hotelId: number,
  extraId: number,
  input: Partial<ExtraInput>,
): Promise<ExtraView> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(hotelExtras)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(hotelExtras.id, extraId), eq(hotelExtras.hotelId, hotelId)))
        .returning();
      if (!row) throw new DomainError("EXTRA_NOT_FOUND");
      const view = toView(row);
      await logExtra(tx, actor, "hotel_extra_updated", view);
      return view;
    });
  } catch (error) {
    if (nameTaken(error)) throw new DomainError("EXTRA_NAME_TAKEN");
    throw error;
  }
}

/** Deletes an extra; bookings that took it keep it in their stored charges. */
export async function deleteHotelExtra(db: Db, actor: Actor, hotelId: number, extraId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(hotelExtras)
      .where(and(eq(hotelExtras.id, extraId), eq(hotelExtras.hotelId, hotelId)))
      .returning();
    if (!row) throw new DomainError("EXTRA_NOT_FOUND");
    await logExtra(tx, actor, "hotel_extra_deleted", toView(row));
  });
}

/**
 * Refuses a hotel's tax id that is wrong for its country (decision 060): an id without a VAT prefix
 * is checked as the number of the hotel's country; the input schema already checked prefixed ones.
 */
export async function assertHotelTaxId(db: Db, hotelId: number, taxId: string | null): Promise<void> {
  if (taxId === null) return;
  const hotel = await hotelRow(db, hotelId);
  const problem = taxIdProblem(taxId, hotel.countryCode);
  if (problem) throw new DomainError("VALIDATION_ERROR", problem, undefined, [{ path: "taxId", message: problem }]);
}
