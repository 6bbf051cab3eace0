import { createMiddleware } from "hono/factory";
import { DomainError } from "../domain-error.ts";
import type { AppEnv } from "../http/types.ts";

// A NUL (PostgreSQL text cannot hold one), a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding the NUL control character is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a NUL or a lone UTF-16 surrogate (not valid Unicode, refused by PostgreSQL). */
export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/** Whether any string inside a decoded value (object keys included) is unsafe. */
export function containsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isUnsafeText(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsUnsafeText(item, depth + 1));
  if (value instanceof Blob) return false;
  return Object.entries(value).some(([key, item]) => isUnsafeText(key) || containsUnsafeText(item, depth + 1));
}

function unsafe(): DomainError {
  return new DomainError("INVALID_CHARACTERS");
}

function decodedSegments(path: string): string[] | null {
  try {
    return path.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/**
 * Refuses, for every endpoint it guards, text that the database would reject with an error (and a
 * 500): checked on the decoded path, the query string and JSON or form bodies, before any handler.
 * Bodies are read through Hono's cache, so handlers and validators read them again as sent.
 */
export const rejectUnsafeText = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const segments = decodedSegments(url.pathname);
  if (!segments) throw new DomainError("BAD_REQUEST", "The address contains a malformed %-escape.");
  if (segments.some(isUnsafeText)) throw unsafe();
  for (const [key, value] of url.searchParams) if (isUnsafeText(key) || isUnsafeText(value)) throw unsafe();
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    if (type.includes("json")) {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        // Not JSON: the endpoint's own validation answers with its message.
        body = undefined;
      }
      if (containsUnsafeText(body)) throw unsafe();
    } else if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      // A body that does not parse is refused here: left to the route, Hono would reuse this failed
      // parse in a form validator and answer 500.
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw new DomainError("BAD_REQUEST", "The form data is malformed. Send the form again from the page.");
      });
      if (containsUnsafeText(form)) throw unsafe();
    }
  }
  await next();
});
