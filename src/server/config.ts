import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { NewPassword } from "../shared/auth.ts";
import { DEFAULT_HOLD_MINUTES } from "../shared/booking.ts";
import { MAX_ROOMS } from "../shared/search-options.ts";

/**
 * OpenFreeMap's "Liberty" style: free vector tiles from OpenStreetMap data, no key, with its tiles,
 * glyphs and sprites on the style's own host (so the CSP needs that one origin).
 */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";
/** A CSP source for one host: optional http(s) scheme, optional `*.` subdomain wildcard, optional port; nothing else can slip into the header. */
const MAP_HOST = /^(https?:\/\/)?(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // Empty counts as unset, as an env file line `PUBLIC_URL=` means.
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  // One or more streaming replicas, comma-separated; empty counts as unset.
  DATABASE_READ_URL: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, "each DATABASE_READ_URL must be a postgres:// URL"))),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  SEED_DEMO: booleanFlag.default(true),
  SEED_HOTELS: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  SEED_DEMO_CHARGES: booleanFlag.default(true),
  DEMO_PASSWORD: NewPassword.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: NewPassword.optional(),
  ADMIN_NAME: z.string().min(1).default("Administrator"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Staywise <no-reply@staywise.local>"),
  SMTP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Below the outbox's 5-minute window after which a message still 'sending' is taken over.
  SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  SUPPLIER_SANDBOX: booleanFlag.optional(),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  SUPPLIER_BOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(45_000),
  SUPPLIER_HOSTS: z.string().default(""),
  // Hosts (`host` or `host:port`) that webhooks may call although they are loopback/private addresses or plain http.
  OUTBOUND_PRIVATE_HOSTS: z.string().default(""),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  READY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(DEFAULT_HOLD_MINUTES),
  HOLD_MAX_ROOMS: z.coerce.number().int().min(1).max(MAX_ROOMS).default(4),
  HOLD_MAX_PENDING: z.coerce.number().int().min(1).max(10_000).default(2),
  HOLD_MAX_PENDING_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(3),
  HOLD_MAX_ROOM_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  HOLD_RATE_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  RETRY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
  // A card guarantee whose check-in is further ahead saves the card instead of authorising it (decision 075).
  CARD_AUTHORISATION_MAX_DAYS: z.coerce.number().int().min(0).max(30).default(6),
  REVIEW_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  PHOTO_DECODE_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
  PHOTO_DECODE_SLOTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).default(1),
  PHOTO_DECODE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  PHOTO_DECODE_QUEUE_PER_ACCOUNT: z.coerce.number().int().min(0).max(10_000).default(2),
  // Empty counts as unset: the default public style is used.
  MAP_STYLE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: "MAP_STYLE_URL must be an http(s) URL of a MapLibre style JSON" }).default(DEFAULT_MAP_STYLE_URL),
  ),
  // Empty counts as unset: no feed, rates kept by hand (Admin → Exchange rates).
  FX_RATES_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: "FX_RATES_URL must be an http(s) URL of a rate document" }).optional(),
  ),
  // /metrics (decision 065): off unless asked for, and then only with a bearer token.
  METRICS_ENABLED: booleanFlag.default(false),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(24, "METRICS_TOKEN must be at least 24 characters").optional(),
  ),
  // Optional OpenTelemetry tracing (docs/tracing.md): off while no OTLP endpoint is set; empty counts as unset.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be the http(s) base URL of an OTLP/HTTP collector" }).optional(),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be the http(s) URL traces are posted to" }).optional(),
  ),
  OTEL_SERVICE_NAME: z.string().min(1).default("staywise"),
  TRACING_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(1),
  MAP_TILE_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            MAP_HOST,
            "each MAP_TILE_HOSTS entry must be a host (tiles.example.com, *.example.com, host:port) or an origin (https://host)",
          ),
      ),
    ),
});

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface HoldSettings {
  /** How long an unpaid hold keeps its rooms. */
  minutes: number;
  /** Rooms in one hold (never more than the adults either). */
  maxRooms: number;
  /** Unpaid holds at once per signed-in user or per visitor session. */
  maxPending: number;
  /** Unpaid holds at once per client address (several people may share one). */
  maxPendingPerAddress: number;
  /** Share of a room type's rooms (percent, at least 1 room) that one client address may hold unpaid on the same nights. */
  maxRoomSharePercent: number;
  /** New holds per client address, and per signed-in user, per hour. */
  creation: RateLimitRule;
}

/** How photo decoding is shared on one instance (decision 038). */
export interface PhotoDecodeSettings {
  /** Photos decoded at once (each takes about 100 MB and most of a core). */
  slots: number;
  /** Of those, how many one account may hold at once, so one account never holds all of them while others wait. */
  slotsPerAccount: number;
  /** Decodes waiting for a slot; one more is answered 503 with Retry-After. */
  queue: number;
  /** Of those, how many may be one account's, so a few accounts cannot fill the queue for everyone. */
  queuePerAccount: number;
}

export interface MapSettings {
  styleUrl: string;
  /** The style URL's origin and every MAP_TILE_HOSTS entry, as CSP sources (`https://host`, `https://*.host`, `http://host:port`). */
  hosts: string[];
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  /** Origins whose browsers may change state with our cookies; see trustedOriginsFor. */
  trustedOrigins: string[];
  /** A session is refused this long after sign-in, however recently it was used. */
  sessionMaxAgeDays: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL streaming replicas for reads that tolerate a second of lag (decision 019); empty: all reads on the primary. */
  databaseReadUrls: string[];
  databasePoolSize: number;
  /** Search's frequent statements run as named prepared statements (decision 034); off for poolers that cannot keep them. */
  databasePreparedStatements: boolean;
  appSecret: string;
  seedDemo: boolean;
  seedHotels: number;
  /** The demo catalogue gets demo taxes by country and demo extras (decision 060); the e2e tests seed without. */
  seedDemoCharges: boolean;
  demoPassword: string | undefined;
  bootstrapAdmin: { email: string; password: string; name: string } | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMTP time limits, so a server that stops answering fails one message instead of stalling delivery. */
  smtpTimeouts: { connectMs: number; greetingMs: number; socketMs: number };
  trustProxy: boolean;
  logLevel: string;
  /** Unset: readable lines at a terminal outside production, JSON otherwise. */
  logFormat: "json" | "pretty" | undefined;
  /** How long a stopping instance lets in-flight requests and background work finish. */
  shutdownGraceMs: number;
  /** Deadline of one HTTP request; past it the client gets a 504. */
  requestTimeoutMs: number;
  /** PostgreSQL time limits, so a frozen or unreachable database fails requests instead of hanging them. */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** Time /readyz gives its database check. */
  readyTimeoutMs: number;
  /** Hosts (`host` or `host:port`) the wholesaler client may call; the built-in sandbox is added outside production. */
  supplierHosts: string[];
  /** Stripe when all three keys are set; otherwise the simulated processor. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  /** The wholesaler sandbox at /supplier-sandbox: a stand-in supplier for TEST; off in production unless asked for. */
  supplierSandbox: boolean;
  /** How long a supplier booking call may take before its outcome counts as unknown (then looked up by reference). */
  supplierTimeouts: { bookMs: number };
  /** What one guest may hold unpaid (see decision 008). */
  holds: HoldSettings;
  /** Rounds a failing background job (refund, payment reconciliation, supplier look-up) gets before it waits for an admin. */
  retryMaxAttempts: number;
  /** CARD_AUTHORISATION_MAX_DAYS: the most days ahead a guarantee's check-in may be for a card authorisation (decision 075). */
  cardAuthorisationMaxDays: number;
  /** The map's MapLibre style and the origins (CSP sources) the browser may fetch it, its tiles, glyphs and sprites from. */
  map: MapSettings;
  /** The daily exchange-rate document (decision 028); unset: rates are kept by hand only. */
  fxRatesUrl: string | undefined;
  /** OUTBOUND_PRIVATE_HOSTS: what the outbound URL policy lets webhooks reach on private networks (decision 057). */
  outboundPrivateHosts: string[];
  photoDecoding: PhotoDecodeSettings;
  /** /metrics in the Prometheus format, answered only with this bearer token; null: off (a 404). */
  metrics: { token: string } | null;
  /** OpenTelemetry traces posted to `tracesUrl` (OTLP/HTTP, JSON), a share `sampleRatio` of the requests; null: off, the SDK never loaded. */
  tracing: { tracesUrl: string; serviceName: string; sampleRatio: number } | null;
  rateLimits: {
    /** Sign-in attempts per e-mail address and per client address. */
    signInPerEmail: RateLimitRule;
    signInPerIp: RateLimitRule;
    resetPerEmail: RateLimitRule;
    resetPerIp: RateLimitRule;
    signUpPerIp: RateLimitRule;
    /** Review submissions (each may carry five photos to decode) per signed-in user. */
    reviewPerUser: RateLimitRule;
  };
}

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new Error("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  if (e.DATABASE_READ_URL.length > 0 && !e.DATABASE_URL) {
    throw new Error("Invalid configuration:\n  DATABASE_READ_URL needs DATABASE_URL (the primary); the embedded database has no replicas");
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (e.PHOTO_DECODE_SLOTS_PER_ACCOUNT > e.PHOTO_DECODE_SLOTS) {
    throw new Error("Invalid configuration:\n  PHOTO_DECODE_SLOTS_PER_ACCOUNT cannot be more than PHOTO_DECODE_SLOTS");
  }
  if (e.METRICS_ENABLED && !e.METRICS_TOKEN) {
    throw new Error("Invalid configuration:\n  METRICS_ENABLED needs METRICS_TOKEN (at least 24 characters): /metrics is never public");
  }
  if (stripeKeys !== 0 && stripeKeys !== 3) {
    throw new Error("Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  const perMinute = e.AUTH_RATE_LIMIT_PER_MINUTE;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    trustedOrigins: trustedOriginsFor(e.PUBLIC_URL, e.PORT),
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrls: e.DATABASE_READ_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(path.resolve(e.DATA_DIR)),
    seedDemo: e.SEED_DEMO,
    seedHotels: e.SEED_HOTELS,
    seedDemoCharges: e.SEED_DEMO_CHARGES,
    demoPassword: e.DEMO_PASSWORD,
    bootstrapAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME } : null,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    smtpTimeouts: { connectMs: e.SMTP_CONNECT_TIMEOUT_MS, greetingMs: e.SMTP_GREETING_TIMEOUT_MS, socketMs: e.SMTP_SOCKET_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    supplierHosts: e.SUPPLIER_HOSTS.split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : null,
    supplierSandbox: e.SUPPLIER_SANDBOX ?? e.NODE_ENV !== "production",
    supplierTimeouts: { bookMs: e.SUPPLIER_BOOK_TIMEOUT_MS },
    holds: {
      minutes: e.HOLD_MINUTES,
      maxRooms: e.HOLD_MAX_ROOMS,
      maxPending: e.HOLD_MAX_PENDING,
      maxPendingPerAddress: e.HOLD_MAX_PENDING_PER_ADDRESS,
      maxRoomSharePercent: e.HOLD_MAX_ROOM_SHARE_PERCENT,
      creation: { limit: e.HOLD_RATE_PER_HOUR, windowSeconds: 60 * 60 },
    },
    retryMaxAttempts: e.RETRY_MAX_ATTEMPTS,
    cardAuthorisationMaxDays: e.CARD_AUTHORISATION_MAX_DAYS,
    map: mapSettings(e.MAP_STYLE_URL, e.MAP_TILE_HOSTS),
    fxRatesUrl: e.FX_RATES_URL,
    outboundPrivateHosts: e.OUTBOUND_PRIVATE_HOSTS.split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    photoDecoding: {
      slots: e.PHOTO_DECODE_SLOTS,
      slotsPerAccount: e.PHOTO_DECODE_SLOTS_PER_ACCOUNT,
      queue: e.PHOTO_DECODE_QUEUE,
      queuePerAccount: e.PHOTO_DECODE_QUEUE_PER_ACCOUNT,
    },
    metrics: e.METRICS_ENABLED && e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : null,
    tracing: tracingSettings(
      e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
      e.OTEL_EXPORTER_OTLP_ENDPOINT,
      e.OTEL_SERVICE_NAME,
      e.TRACING_SAMPLE_RATIO,
    ),
    rateLimits: {
      signInPerEmail: { limit: perMinute, windowSeconds: 60 },
      signInPerIp: { limit: perMinute * 5, windowSeconds: 60 },
      resetPerEmail: { limit: Math.max(1, Math.ceil(perMinute / 3)), windowSeconds: 15 * 60 },
      resetPerIp: { limit: perMinute * 2, windowSeconds: 15 * 60 },
      signUpPerIp: { limit: perMinute * 3, windowSeconds: 60 * 60 },
      reviewPerUser: { limit: e.REVIEW_RATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 },
    },
  };
}

/**
 * Where traces go, as the OTLP specification reads its variables: the traces endpoint as given, else
 * the base endpoint with `v1/traces` appended; null when neither is set (tracing off).
 */
export function tracingSettings(
  tracesEndpoint: string | undefined,
  baseEndpoint: string | undefined,
  serviceName: string,
  sampleRatio: number,
): AppConfig["tracing"] {
  const tracesUrl = tracesEndpoint ?? (baseEndpoint ? `${baseEndpoint.replace(/\/+$/, "")}/v1/traces` : undefined);
  return tracesUrl ? { tracesUrl, serviceName, sampleRatio } : null;
}

/**
 * The map's CSP sources: the style's own origin (its tiles, glyphs and sprites often live there too)
 * and the hosts named in MAP_TILE_HOSTS; a host given without a scheme is https.
 */
export function mapSettings(styleUrl: string, tileHosts: string[]): MapSettings {
  const hosts = [new URL(styleUrl).origin, ...tileHosts.map((h) => (/^https?:\/\//.test(h) ? h : `https://${h}`))];
  return { styleUrl, hosts: [...new Set(hosts)] };
}

/**
 * The one list of trusted origins, used by better-auth and by the API's origin check: PUBLIC_URL's
 * origin when set; otherwise the loopback forms of the port, so http://127.0.0.1:3000 works as well
 * as http://localhost:3000 on the machine running the app.
 */
export function trustedOriginsFor(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin];
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/**
 * Without APP_SECRET a random secret is kept in DATA_DIR, so sessions and encrypted settings survive
 * restarts. Several instances on one PostgreSQL must share an APP_SECRET instead.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
