import { createHash } from "node:crypto";
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
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    await next();
    if (c.res.status !== 200) return;
    const cacheControl = c.get("user") ? "private, no-cache" : `public, max-age=${maxAgeSeconds}`;
    // The body is a small JSON string already in memory: one read and a synchronous hash cost a
    // fraction of hono/etag's stream tee and WebCrypto digest (about 1 ms of CPU per answer, docs/benchmarks.md).
    const body = new Uint8Array(await c.res.arrayBuffer());
    const tag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
    if (matchesTag(c.req.header("If-None-Match"), tag)) {
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers: { ETag: tag, "Cache-Control": cacheControl } });
      return;
    }
    c.res = new Response(body, c.res);
    c.res.headers.set("ETag", tag);
    c.res.headers.set("Cache-Control", cacheControl);
  });
}

/** Weak comparison (RFC 9110 13.1.2): a tag matches with or without its W/ prefix. */
function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
