import { sql } from "drizzle-orm";
import type { RateLimitRule } from "../config.ts";
import { type Db, queryRows } from "../db/client.ts";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window. The counter lives in the database so every app
 * instance shares it; one upsert statement keeps concurrent hits from losing counts.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const rows = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count, window_start`,
  );
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const windowEnds = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
  return {
    allowed: Number(row.count) <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
  };
}

/** Whether `key` has already used up `rule` in its current window, without counting a hit. */
export async function isRateLimited(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const rows = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`
    select count, window_start from rate_limits
    where key = ${key} and window_start >= now() - make_interval(secs => ${rule.windowSeconds})`,
  );
  const row = rows[0];
  if (!row || Number(row.count) < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  const windowEnds = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)) };
}
