import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { isIsoDate } from "../../shared/dates.ts";
import { hasSearch, hotelApiQuery, readStay, searchApiQuery } from "../../shared/search-address.ts";
import type { AppEnv } from "./types.ts";

/**
 * Files of the build under root, with these headers on every file sent. The build writes .br and
 * .gz copies of its text files (vite.config.ts); a browser that accepts one gets it.
 */
function buildFiles(root: string, headers: Record<string, string>): MiddlewareHandler<AppEnv> {
  const serve = serveStatic<AppEnv>({ root, precompressed: true });
  return async (c, next) => {
    const res = await serve(c, next);
    // serveStatic answers with the file's response (its onFound runs too late to add headers to it) or passes on.
    if (res instanceof Response) for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

/**
 * For the results page (the home page's address with a search) and a hotel page, both dates in the
 * address, a preload of the API request the page is about to make, as a Link header: the browser
 * starts it beside the page's own script instead of after it has run, about a second on a phone
 * (issue 32 item 4). Without both dates the client fills them from its own today, which the server
 * does not know. The client's fetch matches it (the same URL, written by the same searchApiQuery or
 * hotelApiQuery; credentials same-origin), so the answer is used, not asked for twice
 * (tests/e2e/search.e2e.test.ts).
 */
export function pagePreloadLink(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const checkIn = params.get("checkIn");
  const checkOut = params.get("checkOut");
  if (checkIn === null || checkOut === null || !isIsoDate(checkIn) || !isIsoDate(checkOut)) return null;
  let api: string;
  if (pathname === "/" && hasSearch(params)) {
    api = `/api/hotels/search?${searchApiQuery(params, checkIn)}`;
  } else {
    const hotel = /^\/hotel\/([^/]+)$/.exec(pathname);
    if (!hotel) return null;
    let id: string;
    try {
      id = decodeURIComponent(hotel[1]!);
    } catch {
      return null;
    }
    api = `/api/hotels/${encodeURIComponent(id)}?${hotelApiQuery(readStay(params, checkIn))}`;
  }
  return `<${api}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

/**
 * Serves the built client; a missing file under /assets is a 404 (a lazily loaded chunk that is gone
 * must fail as such, not be parsed from index.html), and any other GET path gets index.html so the
 * client router can answer it.
 */
export function clientRoutes(clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run "npm run build" first.`);
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  // The build's brotli and gzip copies of index.html (vite.config.ts) for the paths the client router
  // answers (a hotel page): ~11 KB instead of ~70 KB with the inlined stylesheet (issue 32 item 4).
  const indexCopies = (["br", "gzip"] as const).flatMap((encoding) => {
    const file = `${indexFile}.${encoding === "br" ? "br" : "gz"}`;
    return existsSync(file) ? [{ encoding, body: new Uint8Array(readFileSync(file)) }] : [];
  });
  const root = path.relative(process.cwd(), clientDir) || ".";
  // Caches must keep the compressed and the plain copy apart, also when the answer is the plain one.
  const vary = { Vary: "Accept-Encoding" };
  return (
    new Hono<AppEnv>()
      .use("/assets/*", buildFiles(root, { ...vary, "Cache-Control": "public, max-age=31536000, immutable" }))
      .get("/assets/*", (c) => c.notFound())
      .use("*", async (c, next) => {
        await next();
        const link = pagePreloadLink(c.req.path, new URL(c.req.url).search);
        if (link && c.res.ok) c.res.headers.set("Link", link);
      })
      // Outside /assets only index.html (for "/"): asked again on every visit, like the fallback below.
      .use("*", buildFiles(root, { ...vary, "Cache-Control": "no-cache" }))
      .get("*", (c) => {
        c.header("Cache-Control", "no-cache");
        c.header("Vary", "Accept-Encoding");
        const accepted = new Set(
          c.req
            .header("Accept-Encoding")
            ?.split(",")
            .map((encoding) => encoding.trim().split(";")[0]),
        );
        const copy = indexCopies.find((candidate) => accepted.has(candidate.encoding));
        if (copy) {
          c.header("Content-Encoding", copy.encoding);
          c.header("Content-Type", "text/html; charset=UTF-8");
          return c.body(copy.body);
        }
        return c.html(indexHtml);
      })
  );
}
