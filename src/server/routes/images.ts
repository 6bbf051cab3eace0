import { Hono } from "hono";
import { DomainError } from "../domain-error.ts";
import { IMAGE_KINDS, renderImageSvg, type ImageKind } from "../integrations/images/hotel-images.ts";

const IMAGE_NOT_FOUND = "Image not found";
const FILE_PATTERN = new RegExp(`^(${IMAGE_KINDS.join("|")})-(\\d{1,10})\\.svg$`);

/** Catalogue pages show the same few hundred images over and over; rendering is cheap but not free. */
const CACHE_LIMIT = 500;
const cache = new Map<string, string>();

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  // The URL fully determines the picture, so browsers and CDNs may keep it forever.
  "Cache-Control": "public, max-age=31536000, immutable",
  // Opened directly, an SVG is a document: forbid scripts and loads even though we never emit any.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

function cachedSvg(file: string, kind: ImageKind, seed: number): string {
  const hit = cache.get(file);
  if (hit !== undefined) {
    // Re-inserting moves the entry to the back of the Map's insertion order: least recently used stays first.
    cache.delete(file);
    cache.set(file, hit);
    return hit;
  }
  const svg = renderImageSvg(kind, seed);
  cache.set(file, svg);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return svg;
}

export const imagesRouter = new Hono();

imagesRouter.get("/:file", (c) => {
  const file = c.req.param("file");
  const match = FILE_PATTERN.exec(file);
  if (!match) throw new DomainError("NOT_FOUND", IMAGE_NOT_FOUND);
  const svg = cachedSvg(file, match[1] as ImageKind, Number(match[2]));
  return c.body(svg, 200, SVG_HEADERS);
});

imagesRouter.all("*", () => {
  throw new DomainError("NOT_FOUND", IMAGE_NOT_FOUND);
});
