/**
 * Display-currency rates (decision 028): kept by hand by admins or from a daily feed (FX_RATES_URL).
 * They only ever convert prices for display; bookings and payments never read them.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import {
  FX_BASE,
  type FxRateSource,
  RATE_CURRENCIES,
  type RateCurrency,
  decimalToMicros,
  implausibleRate,
  microsToDecimal,
  numberToMicros,
} from "../../shared/fx.ts";
import type { Db } from "../db/client.ts";
import { activityLogs, fxRates } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import type { Logger } from "../logger.ts";
import { logActivity } from "./activity-log.ts";

/**
 * The daily rate document FX_RATES_URL serves: `{ "base": "USD", "rates": { "EUR": 0.92, ... } }`.
 * Rates for currencies we do not display are ignored; JSON numbers are read through their shortest
 * decimal text (0.92 stays 0.92), never multiplied as floats.
 */
export const FxFeedDocument = z.object({
  base: z.literal(FX_BASE, { error: `The feed's base must be ${FX_BASE}` }),
  rates: z.record(z.string(), z.number().positive("A rate must be more than 0")),
});
export type FxFeedDocument = z.infer<typeof FxFeedDocument>;

export interface FxRate {
  currency: RateCurrency;
  /** Units of the currency per US dollar, as an exact decimal ("0.92"). */
  rate: string;
  source: FxRateSource;
  demo: boolean;
  updatedAt: string;
}

/** The latest thing the feed did, for the admin page. */
export interface FxFeedStatus {
  outcome: "updated" | "failed";
  at: string;
  message: string;
}

/** A feed must have updated within this long, or the next round asks it again (a day, less an hour of timer drift). */
export const FX_FEED_REFRESH_MS = 23 * 60 * 60_000;
const FX_FEED_TIMEOUT_MS = 10_000;
const FX_FEED_MAX_BYTES = 100_000;

function isRateCurrency(value: string): value is RateCurrency {
  return (RATE_CURRENCIES as readonly string[]).includes(value);
}

/** Every stored rate, in the picker's order. */
export async function listFxRates(db: Db): Promise<FxRate[]> {
  const rows = await db.select().from(fxRates);
  return rows
    .filter((row) => isRateCurrency(row.currency))
    .map((row) => ({
      currency: row.currency as RateCurrency,
      rate: microsToDecimal(row.rateMicros),
      source: row.source,
      demo: row.demo,
      updatedAt: row.updatedAt.toISOString(),
    }))
    .sort((a, b) => RATE_CURRENCIES.indexOf(a.currency) - RATE_CURRENCIES.indexOf(b.currency));
}

/** An admin sets one rate by hand; refused (400) when it is implausible next to the stored one. Logged. */
export async function updateFxRate(
  db: Db,
  actor: { id: string; email: string },
  currency: RateCurrency,
  rateText: string,
): Promise<FxRate[]> {
  const micros = decimalToMicros(rateText);
  if (micros === null) throw new DomainError("FX_RATE_IMPLAUSIBLE");
  const previous = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(fxRates).where(eq(fxRates.currency, currency)).for("update");
    const problem = implausibleRate(micros, current?.rateMicros);
    if (problem) throw new DomainError("FX_RATE_IMPLAUSIBLE", problem);
    await tx
      .insert(fxRates)
      .values({ currency, rateMicros: micros, source: "manual", demo: false, updatedAt: new Date() })
      .onConflictDoUpdate({ target: fxRates.currency, set: { rateMicros: micros, source: "manual", demo: false, updatedAt: new Date() } });
    return current ?? null;
  });
  await logActivity(db, {
    actionType: "fx_rate_updated",
    userId: actor.id,
    userEmail: actor.email,
    details: {
      currency,
      base: FX_BASE,
      from: previous ? microsToDecimal(previous.rateMicros) : null,
      to: microsToDecimal(micros),
    },
  });
  return listFxRates(db);
}

/**
 * Stores a feed document's rates for our currencies, all or nothing: one implausible rate (out of
 * bounds, or too far from the stored one) keeps every old rate. Returns the currencies updated.
 */
export async function applyFxFeed(db: Db, document: FxFeedDocument): Promise<RateCurrency[]> {
  const offered = RATE_CURRENCIES.filter((currency) => document.rates[currency] !== undefined);
  if (offered.length === 0) throw new Error(`The feed has none of the rates we show (${RATE_CURRENCIES.join(", ")})`);
  await db.transaction(async (tx) => {
    const current = new Map(
      (await tx.select().from(fxRates).where(inArray(fxRates.currency, offered)).for("update")).map((row) => [
        row.currency,
        row.rateMicros,
      ]),
    );
    const problems: string[] = [];
    const updates: { currency: RateCurrency; micros: number }[] = [];
    for (const currency of offered) {
      const micros = numberToMicros(document.rates[currency]!);
      const problem = micros === null ? "not a rate with at most 6 decimal places" : implausibleRate(micros, current.get(currency));
      if (problem || micros === null) problems.push(`${currency}: ${problem}`);
      else updates.push({ currency, micros });
    }
    if (problems.length > 0) throw new Error(`The feed's rates were not used: ${problems.join(" ")}`);
    const now = new Date();
    for (const { currency, micros } of updates) {
      await tx
        .insert(fxRates)
        .values({ currency, rateMicros: micros, source: "feed", demo: false, updatedAt: now })
        .onConflictDoUpdate({ target: fxRates.currency, set: { rateMicros: micros, source: "feed", demo: false, updatedAt: now } });
    }
  });
  return offered;
}

/** The body as text, stopping (and dropping the connection) as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new Error(`The feed's document is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads and checks the rate document at `url` (10 s, 100 kB at most, read no further than that;
 * a redirect is refused, so the operator's URL is the only host ever asked); throws a readable
 * error for anything else.
 */
export async function fetchFxFeed(url: string, fetchImpl: typeof fetch = fetch): Promise<FxFeedDocument> {
  const response = await fetchImpl(url, {
    signal: AbortSignal.timeout(FX_FEED_TIMEOUT_MS),
    headers: { accept: "application/json" },
    redirect: "manual",
  });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new Error(`The feed answered with a redirect (HTTP ${response.status}); set FX_RATES_URL to the document's own address`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`The feed answered HTTP ${response.status}`);
  }
  const text = await readCapped(response, FX_FEED_MAX_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("The feed's document is not JSON");
  }
  const parsed = FxFeedDocument.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`The feed's document is not in the expected format: ${issue?.path.join(".") || "document"}: ${issue?.message ?? ""}`);
  }
  return parsed.data;
}

export interface FxFeedDeps {
  db: Db;
  logger: Logger;
  url: string;
  fetch?: typeof fetch;
}

/** When the feed last updated the rates, if ever (kept in the activity log, shared by every instance). */
async function lastFeedUpdate(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: activityLogs.createdAt })
    .from(activityLogs)
    .where(eq(activityLogs.actionType, "fx_feed_updated"))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * One round of the feed job: when the rates were not updated from the feed in the last day, fetch
 * the document and store it. A failure keeps the old rates and is logged and recorded in the
 * activity log; the next round (an hour later) tries again. Never throws.
 */
export async function runFxFeedRound(deps: FxFeedDeps): Promise<"updated" | "failed" | "not_due"> {
  const last = await lastFeedUpdate(deps.db);
  if (last && Date.now() - last.getTime() < FX_FEED_REFRESH_MS) return "not_due";
  const host = new URL(deps.url).host;
  try {
    const document = await fetchFxFeed(deps.url, deps.fetch);
    const updated = await applyFxFeed(deps.db, document);
    await logActivity(deps.db, { actionType: "fx_feed_updated", details: { host, currencies: updated } });
    deps.logger.info({ host, currencies: updated }, "exchange rates updated from the feed");
    return "updated";
  } catch (error) {
    const message = (
      error instanceof Error ? (error.name === "TimeoutError" ? "The feed did not answer in time" : error.message) : String(error)
    ).slice(0, 500);
    deps.logger.warn({ host, err: error }, "exchange rate feed failed; the old rates stay");
    await logActivity(deps.db, { actionType: "fx_feed_failed", details: { host, message } }).catch((logError: unknown) =>
      deps.logger.error({ err: logError }, "could not record the exchange rate feed failure"),
    );
    return "failed";
  }
}

/** The feed's latest update or failure, for the admin page. */
export async function latestFeedStatus(db: Db): Promise<FxFeedStatus | null> {
  const [row] = await db
    .select({ type: activityLogs.actionType, at: activityLogs.createdAt, details: activityLogs.details })
    .from(activityLogs)
    .where(inArray(activityLogs.actionType, ["fx_feed_updated", "fx_feed_failed"]))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  if (!row) return null;
  const details = row.details as { message?: unknown; currencies?: unknown };
  return row.type === "fx_feed_updated"
    ? {
        outcome: "updated",
        at: row.at.toISOString(),
        message: `Updated ${Array.isArray(details.currencies) ? details.currencies.join(", ") : "the rates"}`,
      }
    : { outcome: "failed", at: row.at.toISOString(), message: typeof details.message === "string" ? details.message : "Failed" };
}
