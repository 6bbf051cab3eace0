import { z } from "zod";
import { HotelInput, MAX_PHOTOS_PER_UPLOAD, PhotoOrderInput, RoomTypeInput } from "../../shared/property-hotels.ts";
import {
  DestinationChoiceSchema,
  PhotosSchema,
  PropertyHotelListItemSchema,
  PropertyHotelSchema,
  PropertyRoomTypeSchema,
} from "../contract/property-hotels.ts";
import { DomainError } from "../domain-error.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { type PhotoOwner, addPhotos, setPhotoOrder } from "../services/property-photos.ts";
import {
  createPropertyHotel,
  createRoomType,
  deleteRoomType,
  getPropertyHotel,
  listPropertyHotels,
  searchDestinationChoices,
  updatePropertyHotel,
  updateRoomType,
} from "../services/property-hotels.ts";
import { hitRateLimit } from "../services/rate-limit.ts";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";

const TAGS = ["Properties"];
const id = (what: string) => z.coerce.number().int().positive(`${what} not found`).max(MAX_DATABASE_ID, `${what} not found`);
const HotelParam = z.object({ hotelId: id("Hotel") });
const RoomTypeParam = z.object({ hotelId: id("Hotel"), roomTypeId: id("Room type") });
const ListQuery = z.object({
  search: z.string().trim().max(100).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const ChoiceQuery = z.object({ q: z.string().trim().max(100).default("") });
const OneHotel = z.object({ hotel: PropertyHotelSchema });
const OneRoomType = z.object({ roomType: PropertyRoomTypeSchema });

/** Largest photo upload: five 5 MB photos and the form's overhead. */
export const PROPERTY_UPLOAD_LIMIT = MAX_PHOTOS_PER_UPLOAD * 5 * 1024 * 1024 + 64 * 1024;
/** The POST paths that carry photos (the body-limit middleware gives them PROPERTY_UPLOAD_LIMIT). */
export const PROPERTY_UPLOAD_PATH = /^\/api\/properties\/hotels\/[^/]+(?:\/room-types\/[^/]+)?\/photos$/;
/** Photo uploads per staff member per hour: decoding is costly. */
const PHOTO_UPLOAD_RULE = { limit: 60, windowSeconds: 60 * 60 };

const photoForm = {
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        required: ["photos"],
        properties: {
          photos: {
            type: "array" as const,
            maxItems: MAX_PHOTOS_PER_UPLOAD,
            items: { type: "string" as const, format: "binary" },
            description: "JPEG, PNG or WebP, at most 5 MB and 24 megapixels each; re-encoded as WebP without metadata",
          },
        },
      },
    },
  },
  required: true,
};

const list = defineRoute({
  method: "get",
  path: "/hotels",
  operationId: "listPropertyHotels",
  tags: TAGS,
  summary: "The hotels the caller manages (all for an admin), searched by name or city and paged",
  request: { query: ListQuery },
  responses: { 200: jsonAnswer(z.object({ hotels: z.array(PropertyHotelListItemSchema), total: z.number().int() }), "One page of hotels") },
});
const create = defineRoute({
  method: "post",
  path: "/hotels",
  operationId: "createPropertyHotel",
  tags: TAGS,
  summary: "Add a hotel (admins only); it needs an open room type before travellers can see it",
  request: { body: jsonBody(HotelInput) },
  errors: ["UNKNOWN_DESTINATION"],
  responses: { 201: jsonAnswer(OneHotel, "The new hotel") },
});
const choices = defineRoute({
  method: "get",
  path: "/destination-choices",
  operationId: "listDestinationChoices",
  tags: TAGS,
  summary: "Cities of the destination list a hotel can be in",
  request: { query: ChoiceQuery },
  responses: { 200: jsonAnswer(z.object({ destinations: z.array(DestinationChoiceSchema) }), "Up to 20 places") },
});
const getOne = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}",
  operationId: "getPropertyHotel",
  tags: TAGS,
  summary: "A hotel with its room types, as staff edit it",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(OneHotel, "The hotel") },
});
const update = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}",
  operationId: "updatePropertyHotel",
  tags: TAGS,
  summary: "Edit a hotel; hidden takes it out of search, suggestions, its page and booking at once",
  request: { params: HotelParam, body: jsonBody(HotelInput) },
  errors: ["HOTEL_NOT_FOUND", "UNKNOWN_DESTINATION", "HOTEL_HAS_NO_OPEN_ROOMS"],
  responses: { 200: jsonAnswer(OneHotel, "The hotel") },
});
const roomTypeList = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/room-types",
  operationId: "listRoomTypes",
  tags: TAGS,
  summary: "A hotel's room types with their upcoming bookings",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ roomTypes: z.array(PropertyRoomTypeSchema) }), "Room types") },
});
const roomTypeCreate = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/room-types",
  operationId: "createRoomType",
  tags: TAGS,
  summary: "Add a room type",
  request: { params: HotelParam, body: jsonBody(RoomTypeInput) },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 201: jsonAnswer(OneRoomType, "The new room type") },
});
const roomTypeUpdate = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}",
  operationId: "updateRoomType",
  tags: TAGS,
  summary: "Edit, close or reopen a room type",
  request: { params: RoomTypeParam, body: jsonBody(RoomTypeInput) },
  errors: ["HOTEL_NOT_FOUND", "ROOM_TYPE_NOT_FOUND", "ROOM_COUNT_BELOW_BOOKED", "HOTEL_HAS_NO_OPEN_ROOMS"],
  responses: { 200: jsonAnswer(OneRoomType, "The room type") },
});
const roomTypeDelete = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}",
  operationId: "deleteRoomType",
  tags: TAGS,
  summary: "Delete a room type no booking refers to (otherwise close it)",
  request: { params: RoomTypeParam },
  errors: ["HOTEL_NOT_FOUND", "ROOM_TYPE_NOT_FOUND", "ROOM_TYPE_HAS_BOOKINGS", "HOTEL_HAS_NO_OPEN_ROOMS"],
  responses: { 200: jsonAnswer(z.object({ ok: z.literal(true) }), "Deleted") },
});
const hotelPhotosAdd = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/photos",
  operationId: "addHotelPhotos",
  tags: TAGS,
  summary: "Upload up to five hotel photos (multipart form)",
  request: { params: HotelParam, body: photoForm },
  errors: [
    "HOTEL_NOT_FOUND",
    "BAD_REQUEST",
    "TOO_MANY_PHOTOS",
    "PHOTO_TOO_LARGE",
    "PHOTO_NOT_IMAGE",
    "PHOTO_TOO_MANY_PIXELS",
    "PHOTO_UNREADABLE",
    "PHOTO_DECODE_BUSY",
    "RATE_LIMITED",
  ],
  responses: { 201: jsonAnswer(PhotosSchema, "The hotel's photos, cover first") },
});
const hotelPhotosSet = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/photos",
  operationId: "reorderHotelPhotos",
  tags: TAGS,
  summary: "Reorder the hotel's photos (the first is the cover); a photo left out is deleted",
  request: { params: HotelParam, body: jsonBody(PhotoOrderInput) },
  errors: ["HOTEL_NOT_FOUND", "PHOTO_NOT_FOUND"],
  responses: { 200: jsonAnswer(PhotosSchema, "The hotel's photos, cover first") },
});
const roomPhotosAdd = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}/photos",
  operationId: "addRoomTypePhotos",
  tags: TAGS,
  summary: "Upload up to five room photos (multipart form)",
  request: { params: RoomTypeParam, body: photoForm },
  errors: [
    "HOTEL_NOT_FOUND",
    "ROOM_TYPE_NOT_FOUND",
    "BAD_REQUEST",
    "TOO_MANY_PHOTOS",
    "PHOTO_TOO_LARGE",
    "PHOTO_NOT_IMAGE",
    "PHOTO_TOO_MANY_PIXELS",
    "PHOTO_UNREADABLE",
    "PHOTO_DECODE_BUSY",
    "RATE_LIMITED",
  ],
  responses: { 201: jsonAnswer(PhotosSchema, "The room type's photos, cover first") },
});
const roomPhotosSet = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}/photos",
  operationId: "reorderRoomTypePhotos",
  tags: TAGS,
  summary: "Reorder the room type's photos (the first is the cover); a photo left out is deleted",
  request: { params: RoomTypeParam, body: jsonBody(PhotoOrderInput) },
  errors: ["HOTEL_NOT_FOUND", "ROOM_TYPE_NOT_FOUND", "PHOTO_NOT_FOUND"],
  responses: { 200: jsonAnswer(PhotosSchema, "The room type's photos, cover first") },
});

/** Hotels, room types and their photos; mounted under /api/properties behind requireHotelStaff and requireHotelAccess. */
export function propertyHotelRoutes(deps: AppDeps) {
  async function upload(
    c: { req: { parseBody: (o: { all: true }) => Promise<Record<string, unknown>> } },
    userId: string,
  ): Promise<File[]> {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new DomainError("BAD_REQUEST", "Send the photos as a multipart form with the field photos.");
    }
    const raw = form["photos"] ?? [];
    const files = (Array.isArray(raw) ? raw : [raw]).filter((p): p is File => p instanceof File && p.size > 0);
    if (files.length === 0) throw new DomainError("BAD_REQUEST", "Choose at least one photo to upload.");
    if (files.length > MAX_PHOTOS_PER_UPLOAD)
      throw new DomainError("TOO_MANY_PHOTOS", `Upload at most ${MAX_PHOTOS_PER_UPLOAD} photos at a time.`);
    const limited = await hitRateLimit(deps.db, `property-photos:user:${userId}`, PHOTO_UPLOAD_RULE);
    if (!limited.allowed) {
      throw new DomainError("RATE_LIMITED", "You have uploaded many photos in the last hour. Please try again later.", {
        retryAfterSeconds: limited.retryAfterSeconds,
      });
    }
    return files;
  }
  const photosOf = (p: { hotelId: number; roomTypeId?: number }): PhotoOwner => p;

  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => c.json(await listPropertyHotels(deps.db, c.get("user"), c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json({ hotel: await createPropertyHotel(deps.db, c.get("user"), c.req.valid("json")) }, 201))
    .openapi(choices, (c) => c.json({ destinations: searchDestinationChoices(c.req.valid("query").q) }, 200))
    .openapi(getOne, async (c) => c.json({ hotel: await getPropertyHotel(deps.db, c.req.valid("param").hotelId) }, 200))
    .openapi(update, async (c) =>
      c.json({ hotel: await updatePropertyHotel(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")) }, 200),
    )
    .openapi(roomTypeList, async (c) =>
      c.json({ roomTypes: (await getPropertyHotel(deps.db, c.req.valid("param").hotelId)).roomTypes }, 200),
    )
    .openapi(roomTypeCreate, async (c) =>
      c.json({ roomType: await createRoomType(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")) }, 201),
    )
    .openapi(roomTypeUpdate, async (c) => {
      const { hotelId, roomTypeId } = c.req.valid("param");
      return c.json({ roomType: await updateRoomType(deps.db, c.get("user"), hotelId, roomTypeId, c.req.valid("json")) }, 200);
    })
    .openapi(roomTypeDelete, async (c) => {
      const { hotelId, roomTypeId } = c.req.valid("param");
      await deleteRoomType(deps.db, c.get("user"), hotelId, roomTypeId);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(hotelPhotosAdd, async (c) => {
      const files = await upload(c, c.get("user").id);
      return c.json({ photos: await addPhotos(deps.db, deps, c.get("user"), photosOf(c.req.valid("param")), files) }, 201);
    })
    .openapi(hotelPhotosSet, async (c) =>
      c.json({ photos: await setPhotoOrder(deps.db, c.get("user"), photosOf(c.req.valid("param")), c.req.valid("json").photos) }, 200),
    )
    .openapi(roomPhotosAdd, async (c) => {
      const files = await upload(c, c.get("user").id);
      return c.json({ photos: await addPhotos(deps.db, deps, c.get("user"), photosOf(c.req.valid("param")), files) }, 201);
    })
    .openapi(roomPhotosSet, async (c) =>
      c.json({ photos: await setPhotoOrder(deps.db, c.get("user"), photosOf(c.req.valid("param")), c.req.valid("json").photos) }, 200),
    );
}
