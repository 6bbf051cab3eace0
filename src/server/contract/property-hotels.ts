import { z } from "@hono/zod-openapi";

/** Answers of the property-management routes (/api/properties, /api/admin/hotel-import). */
export const PropertyHotelListItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    country: z.string(),
    starRating: z.number().int(),
    hidden: z.boolean(),
    image: z.string(),
    roomTypeCount: z.number().int(),
    priceCents: z.number().int().nullable(),
  })
  .openapi("PropertyHotelListItem");

export const PropertyRoomTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    bedType: z.string(),
    sizeM2: z.number().int(),
    maxGuests: z.number().int(),
    amenities: z.array(z.string()),
    totalRooms: z.number().int(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    closed: z.boolean(),
    images: z.array(z.string()),
    upcomingBookings: z.number().int(),
  })
  .openapi("RoomType");

export const PropertyHotelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    countryCode: z.string(),
    lat: z.number(),
    lng: z.number(),
    starRating: z.number().int(),
    description: z.string(),
    amenities: z.array(z.string()),
    cancellationPolicy: z.string(),
    freeCancellationDays: z.number().int(),
    childrenFreeUnderAge: z.number().int(),
    childRateCents: z.number().int(),
    checkInTime: z.string(),
    checkOutTime: z.string(),
    timeZone: z.string().describe("IANA time zone: cancellation deadlines end at 23:59 there"),
    hidden: z.boolean(),
    image: z.string(),
    images: z.array(z.string()),
    priceCents: z.number().int(),
    roomTypes: z.array(PropertyRoomTypeSchema),
  })
  .openapi("PropertyHotel");

export const DestinationChoiceSchema = z
  .object({
    city: z.string(),
    country: z.string(),
    countryCode: z.string(),
    lat: z.number(),
    lng: z.number(),
    timeZone: z.string().describe("The IANA time zone at the city centre"),
  })
  .openapi("DestinationChoice");

export const PhotosSchema = z.object({ photos: z.array(z.string()) });

export const ImportProblemSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() }).openapi("ImportProblem");

export const ImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    rows: z.number().int(),
    hotels: z.number().int(),
    roomTypes: z.number().int(),
    problems: z.array(ImportProblemSchema),
    imported: z.boolean(),
  })
  .openapi("ImportResult");
