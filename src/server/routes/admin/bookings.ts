import { z } from "zod";
import { bookingDeps } from "../../deps.ts";
import { BookingViewSchema } from "../../contract/bookings.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { dashboardStats, findHotels, occupancy } from "../../services/admin-dashboard.ts";
import { exportBookingsCsv, listAdminBookings, refundBookingAsAdmin, setBookingStatus } from "../../services/admin-bookings.ts";
import { todayUtc } from "../../../shared/dates.ts";
import { MAX_DATABASE_ID } from "../../../shared/ids.ts";
import { BOOKING_SOURCES } from "../../../shared/booking.ts";

const Filters = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  status: z.enum(["all", "pending", "confirmed", "cancelled", "completed"], { message: "Unknown status filter" }).default("all"),
  source: z
    .enum(["all", ...BOOKING_SOURCES], { message: `source must be all, ${BOOKING_SOURCES.join(", ")}` })
    .default("all")
    .describe("Only bookings from this source (decision 058)"),
});
const ListQuery = Filters.extend({
  sort: z
    .enum(["created_desc", "created_asc", "check_in_asc", "check_in_desc", "total_desc", "total_asc"], { message: "Unknown sort" })
    .default("created_desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const IdParam = z.object({ id: z.string().uuid("Booking not found") });
const OccupancyQuery = z.object({
  days: z.coerce
    .number({ message: "days must be a number of nights" })
    .int("days must be a whole number of nights")
    .min(1, "days must be between 1 and 365")
    .max(365, "days must be between 1 and 365")
    .default(30),
  hotelId: z.coerce
    .number({ message: "hotelId must be a hotel id" })
    .int("hotelId must be a hotel id")
    .positive("hotelId must be a hotel id")
    .max(MAX_DATABASE_ID, "Hotel not found")
    .optional(),
});
// Three characters at least: shorter text has no trigram and would read every hotel.
const HotelSearchQuery = z.object({
  search: z
    .string()
    .trim()
    .min(3, "Type at least 3 characters of the hotel's name or city")
    .max(100, "Search must be at most 100 characters"),
});
const StatusInput = z.object({
  status: z.enum(["confirmed", "pending", "cancelled"], { message: "status must be confirmed, pending or cancelled" }),
});

const TAGS = ["Admin"];
const AdminBooking = BookingViewSchema.extend({
  userId: z.string().nullable(),
  refundable: z.boolean(),
  supplier: z.object({ environment: z.string().nullable(), state: z.string().nullable(), bookingNumber: z.string().nullable() }).nullable(),
  source: z.string().describe("website, phone, channel, calendar or partner"),
  sourceDetail: z.string().nullable().describe("The channel API key's name, the partner, ..."),
}).openapi("AdminBooking");
const count = z.number().int();

const dashboard = defineRoute({
  method: "get",
  path: "/dashboard",
  operationId: "getAdminDashboard",
  tags: TAGS,
  summary: "Dashboard figures, from paid bookings",
  responses: {
    200: jsonAnswer(
      z.object({
        totalRevenueCents: count,
        monthRevenueCents: count,
        lastMonthRevenueCents: count,
        growthPercent: z.number().nullable(),
        popularRoomTypes: z.array(z.object({ roomType: z.string(), bookings: count })),
        revenueByMonth: z.array(z.object({ month: z.string(), revenueCents: count, bookings: count })),
        bookingCounts: z.object({ pending: count, confirmed: count, cancelled: count, completed: count }),
      }),
      "Figures",
    ),
  },
});
const occupancyRoute = defineRoute({
  method: "get",
  path: "/occupancy",
  operationId: "getOccupancy",
  tags: TAGS,
  summary: "Room-nights sold over available for the next `days` nights, for one hotel or all",
  request: { query: OccupancyQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: {
    200: jsonAnswer(
      z.object({
        from: z.string(),
        to: z.string(),
        days: count,
        hotel: z.object({ id: count, name: z.string(), city: z.string() }).nullable(),
        soldRoomNights: count,
        availableRoomNights: count,
        percent: z.number(),
      }),
      "Occupancy",
    ),
  },
});
const hotels = defineRoute({
  method: "get",
  path: "/hotels",
  operationId: "searchAdminHotels",
  tags: TAGS,
  summary: "Up to 10 of our hotels matching the text, for the occupancy picker",
  request: { query: HotelSearchQuery },
  responses: {
    200: jsonAnswer(
      z.object({ hotels: z.array(z.object({ id: count, name: z.string(), city: z.string(), country: z.string() })) }),
      "Hotels",
    ),
  },
});
const list = defineRoute({
  method: "get",
  path: "/bookings",
  operationId: "listAdminBookings",
  tags: TAGS,
  summary: "Bookings, filtered, sorted and paged",
  request: { query: ListQuery },
  responses: { 200: jsonAnswer(z.object({ bookings: z.array(AdminBooking), total: count }), "One page") },
});
const exportCsv = defineRoute({
  method: "get",
  path: "/bookings/export",
  operationId: "exportAdminBookingsCsv",
  tags: TAGS,
  summary: "The filtered bookings as a CSV download",
  request: { query: Filters },
  responses: { 200: { content: { "text/csv": { schema: z.string() } }, description: "bookings-{date}.csv" } },
});
const setStatus = defineRoute({
  method: "patch",
  path: "/bookings/{id}/status",
  operationId: "setBookingStatus",
  tags: TAGS,
  summary: "Change a booking's status (frees or retakes its rooms)",
  request: { params: IdParam, body: jsonBody(StatusInput) },
  errors: [
    "BOOKING_NOT_FOUND",
    "CONTRADICTS_PAYMENT",
    "PARTNER_BOOKING_CANCELLED",
    "ROOM_UNAVAILABLE",
    "SUPPLIER_CANCEL_FAILED",
    "SUPPLIER_NOT_CONNECTED",
  ],
  responses: { 200: jsonAnswer(z.object({ booking: AdminBooking }), "The booking") },
});
const refund = defineRoute({
  method: "post",
  path: "/bookings/{id}/refund",
  operationId: "refundBooking",
  tags: TAGS,
  summary: "Refund a paid booking through the gateway, then cancel it",
  request: { params: IdParam },
  errors: [
    "BOOKING_NOT_FOUND",
    "ALREADY_CANCELLED",
    "NOT_PAID",
    "REFUND_IN_PROGRESS",
    "REFUND_FAILED",
    "SUPPLIER_CANCEL_FAILED",
    "SUPPLIER_NOT_CONNECTED",
  ],
  responses: { 200: jsonAnswer(z.object({ booking: AdminBooking, amountCents: count }), "The refunded booking") },
});

/** The back office's bookings: dashboard figures, the management table, status, refunds, CSV. */
export function adminBookingRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(dashboard, async (c) => {
      return c.json(await dashboardStats(deps.db), 200);
    })
    .openapi(occupancyRoute, async (c) => {
      return c.json(await occupancy(deps.db, c.req.valid("query")), 200);
    })
    .openapi(hotels, async (c) => {
      return c.json({ hotels: await findHotels(deps.db, c.req.valid("query").search) }, 200);
    })
    .openapi(list, async (c) => {
      return c.json(await listAdminBookings(deps.db, c.req.valid("query")), 200);
    })
    .openapi(exportCsv, async (c) => {
      const user = c.get("user");
      const csv = await exportBookingsCsv(deps.db, c.req.valid("query"), { id: user.id, email: user.email });
      return c.text(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="bookings-${todayUtc()}.csv"`,
        "Cache-Control": "no-store",
      });
    })
    .openapi(setStatus, async (c) => {
      const user = c.get("user");
      const booking = await setBookingStatus(bookingDeps(deps), c.req.valid("param").id, c.req.valid("json").status, {
        id: user.id,
        email: user.email,
      });
      return c.json({ booking }, 200);
    })
    .openapi(refund, async (c) => {
      const user = c.get("user");
      return c.json(await refundBookingAsAdmin(bookingDeps(deps), c.req.valid("param").id, { id: user.id, email: user.email }), 200);
    });
}
