import type { Db } from "../../db/client.ts";
import { type Scope, resolveScope } from "./destination-scope.ts";

/** How long a destination text's resolved cities and name matches are reused. */
const SCOPE_TTL_MS = 60_000;
const SCOPE_CACHE_SIZE = 1000;

/**
 * Resolving a destination costs two queries (~3 ms) and changes only when hotels or cities are
 * added, so, like the catalogue size, it is reused for a minute (Map order = oldest first).
 */
export function createScopeCache(db: Db): (destination: string) => Promise<Scope> {
  const scopes = new Map<string, { scope: Promise<Scope>; at: number }>();
  return (destination) => {
    const key = destination.toLowerCase();
    const cached = scopes.get(key);
    if (cached && Date.now() - cached.at <= SCOPE_TTL_MS) return cached.scope;
    const scope = resolveScope(db, destination);
    scopes.delete(key);
    scopes.set(key, { scope, at: Date.now() });
    if (scopes.size > SCOPE_CACHE_SIZE) scopes.delete(scopes.keys().next().value!);
    // A failed lookup is not kept.
    scope.catch(() => scopes.delete(key));
    return scope;
  };
}
