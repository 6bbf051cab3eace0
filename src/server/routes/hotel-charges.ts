import { z } from "zod";
import { ExtraInput } from "../../shared/extras.ts";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";
import { TaxSettings } from "../../shared/taxes.ts";
import { ExtraListSchema, ExtraPatchInput, HotelTaxSettingsSchema, OneExtraSchema } from "../contract/hotel-charges.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import {
  createHotelExtra,
  deleteHotelExtra,
  getHotelTaxSettings,
  listHotelExtras,
  updateHotelExtra,
  updateHotelTaxSettings,
} from "../services/hotel-charges.ts";

const TAGS = ["Properties"];
const id = (what: string) => z.coerce.number().int().positive(`${what} not found`).max(MAX_DATABASE_ID, `${what} not found`);
const HotelParam = z.object({ hotelId: id("Hotel") });
const ExtraParam = z.object({ hotelId: id("Hotel"), extraId: id("Extra") });

const settingsGet = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/tax-settings",
  operationId: "getHotelTaxSettings",
  tags: TAGS,
  summary: "A hotel's VAT or sales tax, city tax and fixed fees",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(HotelTaxSettingsSchema, "The settings") },
});
const settingsPut = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/tax-settings",
  operationId: "updateHotelTaxSettings",
  tags: TAGS,
  summary: "Replace a hotel's taxes and fees; the next quotes use them, existing bookings keep theirs",
  request: { params: HotelParam, body: jsonBody(TaxSettings) },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(HotelTaxSettingsSchema, "The settings saved") },
});
const extrasList = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/extras",
  operationId: "listHotelExtras",
  tags: TAGS,
  summary: "A hotel's extras (breakfast, parking, transfers...), on sale or not",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(ExtraListSchema, "The extras in the hotel's order") },
});
const extraCreate = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/extras",
  operationId: "createHotelExtra",
  tags: TAGS,
  summary: "Add an extra (price in the hotel's currency)",
  request: { params: HotelParam, body: jsonBody(ExtraInput) },
  errors: ["HOTEL_NOT_FOUND", "EXTRA_NAME_TAKEN"],
  responses: { 201: jsonAnswer(OneExtraSchema, "The new extra") },
});
const extraUpdate = defineRoute({
  method: "patch",
  path: "/hotels/{hotelId}/extras/{extraId}",
  operationId: "updateHotelExtra",
  tags: TAGS,
  summary: "Change an extra or take it off sale (active false); bookings keep the extras they took",
  request: { params: ExtraParam, body: jsonBody(ExtraPatchInput) },
  errors: ["HOTEL_NOT_FOUND", "EXTRA_NOT_FOUND", "EXTRA_NAME_TAKEN"],
  responses: { 200: jsonAnswer(OneExtraSchema, "The extra") },
});
const extraDelete = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/extras/{extraId}",
  operationId: "deleteHotelExtra",
  tags: TAGS,
  summary: "Delete an extra; bookings that took it keep it in their charges",
  request: { params: ExtraParam },
  errors: ["HOTEL_NOT_FOUND", "EXTRA_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ ok: z.literal(true) }), "Deleted") },
});

/** Taxes, fees and extras; mounted under /api/properties behind requireHotelStaff and requireHotelAccess. */
export function hotelChargeRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(settingsGet, async (c) => c.json(await getHotelTaxSettings(deps.db, c.req.valid("param").hotelId), 200))
    .openapi(settingsPut, async (c) =>
      c.json(await updateHotelTaxSettings(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")), 200),
    )
    .openapi(extrasList, async (c) => c.json({ extras: await listHotelExtras(deps.db, c.req.valid("param").hotelId) }, 200))
    .openapi(extraCreate, async (c) =>
      c.json({ extra: await createHotelExtra(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")) }, 201),
    )
    .openapi(extraUpdate, async (c) => {
      const { hotelId, extraId } = c.req.valid("param");
      return c.json({ extra: await updateHotelExtra(deps.db, c.get("user"), hotelId, extraId, c.req.valid("json")) }, 200);
    })
    .openapi(extraDelete, async (c) => {
      const { hotelId, extraId } = c.req.valid("param");
      await deleteHotelExtra(deps.db, c.get("user"), hotelId, extraId);
      return c.json({ ok: true as const }, 200);
    });
}
