import { hash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/types.ts";

/**
 * Under /api every answer is `no-store` unless its route chose its own caching: most answers are a
 * user's own (bookings, account, admin), and a cache that stored one could show it to someone else.
 * Runs outermost, so error answers get it too.
 */
export const noStoreByDefault = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // On the answer's own headers: c.header() after next() would copy the body into a new Response.
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
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
    // The ETag is made where the body is: the route's c.json() serialises once and hashes that text.
    // Reading the finished answer back (as hono/etag does) costs a stream, a copy and a second
    // Response, and turns @hono/node-server's direct write of a string body into a stream pipe
    // (decision 032). Context methods are per-request properties, so this touches this request only.
    // The same arguments as hono's json(), which is body() with the JSON text and its content type.
    const body = c.body as (text: string, arg: unknown, headers: Record<string, string | string[]>) => Response;
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      const res = body(text, arg, { "Content-Type": "application/json", ...headers });
      return res.status === 200 ? withValidators(c, res, text, maxAgeSeconds) : res;
    }) as typeof c.json;
    await next();
  });
}

/** A 200 answer gets its ETag and Cache-Control; a conditional request whose tag matches gets a 304 instead. */
function withValidators(c: Context<AppEnv>, res: Response, text: string, maxAgeSeconds: number): Response {
  const cacheControl = c.get("user") ? "private, no-cache" : `public, max-age=${maxAgeSeconds}`;
  const tag = `W/"${hash("sha1", text, "base64url")}"`;
  if (matchesTag(c.req.header("If-None-Match"), tag)) {
    return new Response(null, { status: 304, headers: { ETag: tag, "Cache-Control": cacheControl } });
  }
  res.headers.set("ETag", tag);
  res.headers.set("Cache-Control", cacheControl);
  return res;
}

/** Weak comparison (RFC 9110 13.1.2): a tag matches with or without its W/ prefix. */
function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
