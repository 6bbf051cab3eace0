import { z } from "@hono/zod-openapi";
import { HOTEL_STAFF_ROLES } from "../../shared/auth.ts";
import { HotelStaffInput } from "../../shared/front-desk.ts";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { grantHotelStaff, listHotelStaff, removeHotelStaff } from "../services/hotel-staff.ts";

const TAGS = ["Properties"];
const HotelParam = z.object({
  hotelId: z.coerce.number().int().positive("Hotel not found").max(MAX_DATABASE_ID, "Hotel not found"),
});
const MemberParam = HotelParam.extend({ userId: z.string().min(1).max(100) });

export const HotelStaffSchema = z
  .object({
    staff: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.enum(HOTEL_STAFF_ROLES).describe("manager: runs the hotel; front_desk: only its front desk (decision 064)"),
        grantedAt: z.string(),
      }),
    ),
  })
  .openapi("HotelStaff");

const list = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/staff",
  operationId: "listHotelStaff",
  tags: TAGS,
  summary: "The hotel's managers and front-desk staff",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(HotelStaffSchema, "The hotel's staff, managers first") },
});
const grant = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/staff",
  operationId: "addHotelStaff",
  tags: TAGS,
  summary: "Add an existing account to the hotel's staff (managers add front desk only; admins either)",
  request: { params: HotelParam, body: jsonBody(HotelStaffInput) },
  errors: ["HOTEL_NOT_FOUND", "STAFF_USER_NOT_FOUND", "OWN_ROLE", "ADMIN_MANAGES_ALL", "STAFF_ALREADY_MANAGER"],
  responses: { 200: jsonAnswer(HotelStaffSchema, "The hotel's staff") },
});
const remove = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/staff/{userId}",
  operationId: "removeHotelStaff",
  tags: TAGS,
  summary: "Remove a person from the hotel's staff (managers remove front desk only; admins either)",
  request: { params: MemberParam },
  errors: ["HOTEL_NOT_FOUND", "STAFF_NOT_FOUND", "OWN_ROLE"],
  responses: { 200: jsonAnswer(HotelStaffSchema, "The hotel's staff") },
});

/** A hotel's staff (decision 064); under /api/properties, for the hotel's managers and admins (requireHotelAccess). */
export function hotelStaffRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => c.json({ staff: await listHotelStaff(deps.db, c.req.valid("param").hotelId) }, 200))
    .openapi(grant, async (c) =>
      c.json({ staff: await grantHotelStaff(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")) }, 200),
    )
    .openapi(remove, async (c) => {
      const { hotelId, userId } = c.req.valid("param");
      return c.json({ staff: await removeHotelStaff(deps.db, c.get("user"), hotelId, userId) }, 200);
    });
}
