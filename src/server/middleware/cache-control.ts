import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/types.ts";

/**
 * Under /api every answer is `no-store` unless its route chose its own caching: most answers are a
 * user's own (bookings, account, admin), and a cache that stored one could show it to someone else.
 * Runs outermost, so error answers get it too.
 */
export const noStoreByDefault = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
});

/**
 * The opt-in for catalogue answers that depend on their URL alone (search results, a hotel for a
 * stay): a weak ETag, so a conditional request answers 304, and `public, max-age` for visitors so
 * a CDN or the browser can reuse them for a short while (availability is checked again when a room
 * is held). A signed-in guest's copy stays in their browser only (`private, no-cache`), so nothing
 * a route might one day personalise reaches a shared cache. There is no `Vary: Cookie`: the bodies
 * do not depend on the cookie, and varying on it would make every visitor with any cookie a miss.
 * A route that starts reading the user must drop this opt-in.
 */
export function cacheForVisitors(maxAgeSeconds: number) {
  const tag = etag({ weak: true });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    await tag(c, next);
    // The 304 is a new response: it needs the same Cache-Control as the answer it stands for.
    if (!c.res.ok && c.res.status !== 304) return;
    c.res.headers.set("Cache-Control", c.get("user") ? "private, no-cache" : `public, max-age=${maxAgeSeconds}`);
  });
}
