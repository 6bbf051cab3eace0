import { z } from "zod";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";
import { CreatePromoCodeInput } from "../../shared/promotions.ts";
import { OnePromoCodeSchema, PromoCodeListSchema } from "../contract/promotions.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { createPromoCode, listPromoCodes, setPromoCodeActive } from "../services/promotions.ts";

const id = (what: string) => z.coerce.number().int().positive(`${what} not found`).max(MAX_DATABASE_ID, `${what} not found`);
const HotelParam = z.object({ hotelId: id("Hotel") });
const HotelCodeParam = z.object({ hotelId: id("Hotel"), promoId: id("Promo code") });
const CodeParam = z.object({ promoId: id("Promo code") });
const ActiveInput = z.object({ active: z.boolean({ message: "active must be true or false" }) }).strict();

const hotelList = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/promotions",
  operationId: "listHotelPromoCodes",
  tags: ["Properties"],
  summary: "A hotel's promo codes with their uses",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(PromoCodeListSchema, "The hotel's codes, active first, newest first") },
});
const hotelCreate = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/promotions",
  operationId: "createHotelPromoCode",
  tags: ["Properties"],
  summary: "Create a promo code for one hotel (an amount is in the hotel's currency)",
  request: { params: HotelParam, body: jsonBody(CreatePromoCodeInput) },
  errors: ["HOTEL_NOT_FOUND", "PROMO_CODE_TAKEN", "RATE_PLAN_NOT_FOUND"],
  responses: { 201: jsonAnswer(OnePromoCodeSchema, "The new code") },
});
const hotelSetActive = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/promotions/{promoId}/active",
  operationId: "setHotelPromoCodeActive",
  tags: ["Properties"],
  summary: "Turn a hotel's promo code off (or on again); bookings made with it keep their discount",
  request: { params: HotelCodeParam, body: jsonBody(ActiveInput) },
  errors: ["HOTEL_NOT_FOUND", "PROMO_CODE_NOT_FOUND"],
  responses: { 200: jsonAnswer(OnePromoCodeSchema, "The code") },
});

/** A hotel's promo codes; mounted under /api/properties behind requireHotelStaff and requireHotelAccess. */
export function hotelPromotionRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(hotelList, async (c) => c.json({ promoCodes: await listPromoCodes(deps.db, c.req.valid("param").hotelId) }, 200))
    .openapi(hotelCreate, async (c) =>
      c.json({ promoCode: await createPromoCode(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")) }, 201),
    )
    .openapi(hotelSetActive, async (c) => {
      const { hotelId, promoId } = c.req.valid("param");
      return c.json({ promoCode: await setPromoCodeActive(deps.db, c.get("user"), hotelId, promoId, c.req.valid("json").active) }, 200);
    });
}

const siteList = defineRoute({
  method: "get",
  path: "/promotions",
  operationId: "listSitePromoCodes",
  tags: ["Admin"],
  summary: "The site-wide promo codes with their uses",
  responses: { 200: jsonAnswer(PromoCodeListSchema, "Site-wide codes, active first, newest first") },
});
const siteCreate = defineRoute({
  method: "post",
  path: "/promotions",
  operationId: "createSitePromoCode",
  tags: ["Admin"],
  summary: "Create a site-wide promo code (valid at every hotel of ours; an amount names its currency)",
  request: { body: jsonBody(CreatePromoCodeInput) },
  errors: ["PROMO_CODE_TAKEN"],
  responses: { 201: jsonAnswer(OnePromoCodeSchema, "The new code") },
});
const siteSetActive = defineRoute({
  method: "put",
  path: "/promotions/{promoId}/active",
  operationId: "setSitePromoCodeActive",
  tags: ["Admin"],
  summary: "Turn a site-wide promo code off (or on again)",
  request: { params: CodeParam, body: jsonBody(ActiveInput) },
  errors: ["PROMO_CODE_NOT_FOUND"],
  responses: { 200: jsonAnswer(OnePromoCodeSchema, "The code") },
});

/** Site-wide promo codes; mounted under /api/admin behind requireAdmin. */
export function adminPromotionRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(siteList, async (c) => c.json({ promoCodes: await listPromoCodes(deps.db, null) }, 200))
    .openapi(siteCreate, async (c) => c.json({ promoCode: await createPromoCode(deps.db, c.get("user"), null, c.req.valid("json")) }, 201))
    .openapi(siteSetActive, async (c) =>
      c.json(
        { promoCode: await setPromoCodeActive(deps.db, c.get("user"), null, c.req.valid("param").promoId, c.req.valid("json").active) },
        200,
      ),
    );
}
