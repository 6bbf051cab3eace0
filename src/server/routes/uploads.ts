import { Hono } from "hono";
import { DomainError } from "../domain-error.ts";
import type { AppEnv } from "../http/types.ts";
import { type FileStorage, STORED_PATH } from "../integrations/storage.ts";

const TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

function decodedPath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    // A malformed %-escape names no file we could have written.
    return null;
  }
}

/** Serves stored uploads read-only; only paths of the shape we write are looked up. */
export function uploadRoutes(storage: FileStorage) {
  return new Hono<AppEnv>().get("/*", async (c) => {
    const relativePath = decodedPath(c.req.path.replace(/^\/uploads\//, ""));
    if (relativePath === null || !STORED_PATH.test(relativePath)) throw new DomainError("NOT_FOUND");
    const data = await storage.read(relativePath);
    if (!data) throw new DomainError("NOT_FOUND");
    const ext = relativePath.slice(relativePath.lastIndexOf(".") + 1);
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": TYPES[ext] ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    });
  });
}
