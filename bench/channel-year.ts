/**
 * The channel API's year read (issue 31 item 2): what a channel manager asks of a hotel when it
 * syncs, GET /api/channel/v1/hotels/{id}/availability for the next 365 nights, under load.
 *
 * Read-only keys are written straight into the catalogue's database for a spread of hotels (one
 * key per hotel, so the per-key rate limit is not what is measured), used round robin, and
 * deleted afterwards.
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { addDays, todayUtc } from "../src/shared/dates.ts";

/** Hotels read per run: one key each, so each key stays far below its limit of 600 a minute. */
export const CHANNEL_BENCH_HOTELS = 40;
const KEY_NAME = "bench channel-year";

export interface ChannelBenchKeys {
  /** Hotel id -> the key's secret, sent as a bearer token. */
  keys: Map<number, string>;
  remove(): Promise<void>;
}

/** Read keys for `count` hotels that have room types, chosen by `seed` over the whole id range. */
export async function createChannelBenchKeys(databaseUrl: string, seed: number, count = CHANNEL_BENCH_HOTELS): Promise<ChannelBenchKeys> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select h.id from hotels h
       where exists (select 1 from room_types rt where rt.hotel_id = h.id)
       order by md5(h.id::text || $1::text) limit $2`,
      [seed, count],
    );
    if (rows.length === 0) throw new Error("No hotel with room types to read a year of");
    const keys = new Map<number, string>();
    for (const { id } of rows) {
      const key = `swk_${randomBytes(32).toString("base64url")}`;
      await client.query(`insert into channel_api_keys (hotel_id, name, scope, key_hash, prefix) values ($1, $2, 'read', $3, $4)`, [
        id,
        KEY_NAME,
        createHash("sha256").update(key).digest("hex"),
        key.slice(0, 10),
      ]);
      keys.set(id, key);
    }
    return {
      keys,
      async remove() {
        const cleanup = new pg.Client({ connectionString: databaseUrl });
        await cleanup.connect();
        try {
          await cleanup.query("delete from channel_api_keys where name = $1", [KEY_NAME]);
        } finally {
          await cleanup.end();
        }
      },
    };
  } finally {
    await client.end();
  }
}

/** Paths of a year's read from tomorrow, hotel after hotel, and the bearer header each one needs. */
export function channelYearRequests(keys: Map<number, string>): {
  nextPath: () => string;
  headersFor: (path: string) => Record<string, string>;
} {
  const hotels = [...keys.keys()];
  const from = addDays(todayUtc(), 1);
  const to = addDays(from, 365);
  let next = 0;
  const byPath = new Map<string, string>();
  for (const id of hotels) byPath.set(`/api/channel/v1/hotels/${id}/availability?from=${from}&to=${to}`, keys.get(id)!);
  const paths = [...byPath.keys()];
  return {
    nextPath: () => paths[next++ % paths.length]!,
    headersFor: (path) => ({ authorization: `Bearer ${byPath.get(path) ?? ""}` }),
  };
}
