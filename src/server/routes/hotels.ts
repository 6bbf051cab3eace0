import { z } from "zod";
import { HotelStayQuery, SearchQuery } from "../../shared/search.ts";
import { DestinationsSchema, HotelDetailSchema, SearchResponseSchema } from "../contract/hotels.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { getHotelDetails, searchHotels } from "../services/search/across-suppliers.ts";
import { suggestDestinations } from "../services/search/destination-suggestions.ts";

const HotelIdParam = z.object({
  id: z.string().min(1).max(100, "Hotel not found"),
});

const SuggestQuery = z.object({ q: z.string().max(100, "Search text must be at most 100 characters").default("") });

const search = defineRoute({
  method: "get",
  path: "/search",
  operationId: "searchHotels",
  tags: ["Hotels"],
  summary: "Search hotels for a stay across every supplier",
  request: { query: SearchQuery },
  responses: { 200: jsonAnswer(SearchResponseSchema, "One page of hotels, priced for the stay") },
});

const detail = defineRoute({
  method: "get",
  path: "/{id}",
  operationId: "getHotel",
  tags: ["Hotels"],
  summary: "A hotel with its rooms priced for the stay",
  request: { params: HotelIdParam, query: HotelStayQuery },
  errors: ["HOTEL_NOT_FOUND", "SUPPLIER_ERROR"],
  responses: { 200: jsonAnswer(HotelDetailSchema, "The hotel") },
});

const destinations = defineRoute({
  method: "get",
  path: "/",
  operationId: "suggestDestinations",
  tags: ["Hotels"],
  summary: "Destination suggestions for the search box",
  request: { query: SuggestQuery },
  responses: { 200: jsonAnswer(DestinationsSchema, "Cities with their hotel counts") },
});

/** Public catalogue: search across suppliers, hotel detail for a stay. */
export function hotelRoutes(deps: AppDeps) {
  return apiRouter()
    .openapi(search, async (c) => {
      const result = await searchHotels(deps.suppliers, c.req.valid("query"));
      return c.json(result, 200);
    })
    .openapi(detail, async (c) => {
      const hotel = await getHotelDetails(deps.suppliers, c.req.valid("param").id, c.req.valid("query"));
      return c.json(hotel, 200);
    });
}

export function destinationRoutes(deps: AppDeps) {
  return apiRouter().openapi(destinations, async (c) => {
    const suggestions = await suggestDestinations(deps.readDb, c.req.valid("query").q);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ suggestions }, 200);
  });
}
