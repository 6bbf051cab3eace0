import { Hono } from "hono";
import { z } from "zod";
import { HotelStayQuery, SearchQuery } from "../../shared/search.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { validate } from "../http/validate.ts";
import { getHotelDetails, searchHotels, suggestDestinations } from "../services/hotel-search.ts";

const HotelIdParam = z.object({
  id: z.string().min(1).max(100, "Hotel not found"),
});

const SuggestQuery = z.object({ q: z.string().max(100, "Search text must be at most 100 characters").default("") });

/** Public catalogue: search across suppliers, hotel detail for a stay. */
export function hotelRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/search", validate("query", SearchQuery), async (c) => {
      const result = await searchHotels(deps.suppliers, c.req.valid("query"));
      return c.json(result);
    })
    .get("/:id", validate("param", HotelIdParam), validate("query", HotelStayQuery), async (c) => {
      const hotel = await getHotelDetails(deps.suppliers, c.req.valid("param").id, c.req.valid("query"));
      return c.json(hotel);
    });
}

export function destinationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", validate("query", SuggestQuery), async (c) => {
    const suggestions = await suggestDestinations(deps.readDb, c.req.valid("query").q);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ suggestions });
  });
}
