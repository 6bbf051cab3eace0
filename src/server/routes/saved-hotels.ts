import { z } from "zod";
import { HOTEL_CARDS_LIMIT, VISITOR_SAVES_LIMIT } from "../../shared/saved-hotels.ts";
import {
  HotelCardsSchema,
  MergeSavedHotelsSchema,
  SavedHotelIdsSchema,
  SavedHotelsSchema,
  SavedHotelStateSchema,
} from "../contract/saved-hotels.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { requireUser } from "../middleware/session.ts";
import { getHotelCards, listSavedHotelIds, listSavedHotels, mergeSavedHotels, saveHotel, unsaveHotel } from "../services/saved-hotels.ts";

const HotelId = z.string().trim().min(1, "Hotel id is required").max(100, "Hotel id must be at most 100 characters");

const HotelIdParam = z.object({ hotelId: HotelId });

const MergeBody = z.object({
  hotelIds: z
    .array(HotelId, { message: "hotelIds must be a list of hotel ids" })
    .max(VISITOR_SAVES_LIMIT, `At most ${VISITOR_SAVES_LIMIT} saved hotels can be added at once`),
});

const CardsQuery = z.object({
  ids: z
    .string({ message: "ids is required: hotel ids separated by commas" })
    .max(HOTEL_CARDS_LIMIT * 12, "Too many hotel ids")
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length <= HOTEL_CARDS_LIMIT, `At most ${HOTEL_CARDS_LIMIT} hotels can be asked for at once`),
});

const list = defineRoute({
  method: "get",
  path: "/",
  operationId: "listSavedHotels",
  tags: ["Saved hotels"],
  summary: "The signed-in traveller's saved hotels with their card data, newest first",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(SavedHotelsSchema, "Saved hotels") },
});

const ids = defineRoute({
  method: "get",
  path: "/ids",
  operationId: "listSavedHotelIds",
  tags: ["Saved hotels"],
  summary: "The ids of the signed-in traveller's saved hotels (for the hearts)",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(SavedHotelIdsSchema, "Saved hotel ids") },
});

const merge = defineRoute({
  method: "post",
  path: "/merge",
  operationId: "mergeSavedHotels",
  tags: ["Saved hotels"],
  summary: "Add a visitor's browser-kept saves (newest first) at sign-in; unknown and partner ids are ignored",
  middleware: [requireUser] as const,
  request: { body: jsonBody(MergeBody) },
  responses: { 200: jsonAnswer(MergeSavedHotelsSchema, "The account's saves after the merge") },
});

const save = defineRoute({
  method: "put",
  path: "/{hotelId}",
  operationId: "saveHotel",
  tags: ["Saved hotels"],
  summary: "Save one of our hotels (saving it again changes nothing)",
  middleware: [requireUser] as const,
  request: { params: HotelIdParam },
  errors: ["HOTEL_NOT_FOUND", "HOTEL_NOT_SAVABLE", "SAVED_HOTELS_FULL"],
  responses: { 200: jsonAnswer(SavedHotelStateSchema, "Saved") },
});

const unsave = defineRoute({
  method: "delete",
  path: "/{hotelId}",
  operationId: "unsaveHotel",
  tags: ["Saved hotels"],
  summary: "Remove a saved hotel (removing one that is not saved changes nothing)",
  middleware: [requireUser] as const,
  request: { params: HotelIdParam },
  responses: { 200: jsonAnswer(SavedHotelStateSchema, "Not saved") },
});

const cards = defineRoute({
  method: "get",
  path: "/",
  operationId: "getHotelCards",
  tags: ["Hotels"],
  summary: "Card data (name, city, image, rating, price from) of our hotels, in the order asked",
  request: { query: CardsQuery },
  responses: { 200: jsonAnswer(HotelCardsSchema, "Hotel cards; unknown and partner ids are left out") },
});

/** /api/me/saved-hotels: a traveller's own saves; no route takes another user's id. */
export function savedHotelRoutes(deps: AppDeps) {
  return apiRouter()
    .openapi(list, async (c) => c.json({ hotels: await listSavedHotels(deps.db, c.get("user").id) }, 200))
    .openapi(ids, async (c) => c.json({ hotelIds: await listSavedHotelIds(deps.db, c.get("user").id) }, 200))
    .openapi(merge, async (c) => c.json(await mergeSavedHotels(deps.db, c.get("user").id, c.req.valid("json").hotelIds), 200))
    .openapi(save, async (c) => {
      const { hotelId } = c.req.valid("param");
      await saveHotel(deps.db, c.get("user").id, hotelId);
      return c.json({ hotelId, saved: true }, 200);
    })
    .openapi(unsave, async (c) => {
      const { hotelId } = c.req.valid("param");
      await unsaveHotel(deps.db, c.get("user").id, hotelId);
      return c.json({ hotelId, saved: false }, 200);
    });
}

/** /api/hotel-cards: public card data for the recently viewed row and a visitor's saves, one request for all. */
export function hotelCardRoutes(deps: AppDeps) {
  return apiRouter().openapi(cards, async (c) => c.json({ hotels: await getHotelCards(deps.readDb, c.req.valid("query").ids) }, 200));
}
