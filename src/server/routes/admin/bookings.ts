import { Hono } from "hono";
import { z } from "zod";
import { bookingDeps } from "../../deps.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { validate } from "../../http/validate.ts";
import { dashboardStats, findHotels, occupancy } from "../../services/admin-dashboard.ts";
import { exportBookingsCsv, listAdminBookings, refundBookingAsAdmin, setBookingStatus } from "../../services/admin-bookings.ts";
import { todayUtc } from "../../../shared/dates.ts";

const Filters = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  status: z.enum(["all", "pending", "confirmed", "cancelled", "completed"], { message: "Unknown status filter" }).default("all"),
});
const ListQuery = Filters.extend({
  sort: z.enum(["created_desc", "created_asc", "check_in_asc", "check_in_desc", "total_desc", "total_asc"], { message: "Unknown sort" }).default("created_desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const IdParam = z.object({ id: z.string().uuid("Booking not found") });
const OccupancyQuery = z.object({
  days: z.coerce.number({ message: "days must be a number of nights" }).int("days must be a whole number of nights").min(1, "days must be between 1 and 365").max(365, "days must be between 1 and 365").default(30),
  hotelId: z.coerce.number({ message: "hotelId must be a hotel id" }).int("hotelId must be a hotel id").positive("hotelId must be a hotel id").max(2_147_483_647, "Hotel not found").optional(),
});
// Three characters at least: shorter text has no trigram and would read every hotel.
const HotelSearchQuery = z.object({ search: z.string().trim().min(3, "Type at least 3 characters of the hotel's name or city").max(100, "Search must be at most 100 characters") });
const StatusInput = z.object({ status: z.enum(["confirmed", "pending", "cancelled"], { message: "status must be confirmed, pending or cancelled" }) });

/** The back office's bookings: dashboard figures, the management table, status, refunds, CSV. */
export function adminBookingRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get("/dashboard", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await dashboardStats(deps.db));
    })
    .get("/occupancy", validate("query", OccupancyQuery), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await occupancy(deps.db, c.req.valid("query")));
    })
    .get("/hotels", validate("query", HotelSearchQuery), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ hotels: await findHotels(deps.db, c.req.valid("query").search) });
    })
    .get("/bookings", validate("query", ListQuery), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listAdminBookings(deps.db, c.req.valid("query")));
    })
    .get("/bookings/export", validate("query", Filters), async (c) => {
      const user = c.get("user");
      const csv = await exportBookingsCsv(deps.db, c.req.valid("query"), { id: user.id, email: user.email });
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="bookings-${todayUtc()}.csv"`);
      c.header("Cache-Control", "no-store");
      return c.body(csv);
    })
    .patch("/bookings/:id/status", validate("param", IdParam), validate("json", StatusInput), async (c) => {
      const user = c.get("user");
      const booking = await setBookingStatus(bookingDeps(deps), c.req.valid("param").id, c.req.valid("json").status, { id: user.id, email: user.email });
      return c.json({ booking });
    })
    .post("/bookings/:id/refund", validate("param", IdParam), async (c) => {
      const user = c.get("user");
      return c.json(await refundBookingAsAdmin(bookingDeps(deps), c.req.valid("param").id, { id: user.id, email: user.email }));
    });
}
