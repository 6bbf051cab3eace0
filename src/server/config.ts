import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  SEED_DEMO: booleanFlag.default(true),
  SEED_HOTELS: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  DEMO_PASSWORD: z.string().min(6).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  ADMIN_NAME: z.string().min(1).default("Administrator"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Staywise <no-reply@staywise.local>"),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  SUPPLIER_SANDBOX: booleanFlag.optional(),
  SUPPLIER_BOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(45_000),
});

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  appSecret: string;
  seedDemo: boolean;
  seedHotels: number;
  demoPassword: string | undefined;
  bootstrapAdmin: { email: string; password: string; name: string } | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  logLevel: string;
  /** Stripe when all three keys are set; otherwise the simulated processor. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  /** The wholesaler sandbox at /supplier-sandbox: a stand-in supplier for TEST; off in production unless asked for. */
  supplierSandbox: boolean;
  /** How long a supplier booking call may take before its outcome counts as unknown (then looked up by reference). */
  supplierTimeouts: { bookMs: number };
  rateLimits: {
    /** Sign-in attempts per e-mail address and per client address. */
    signInPerEmail: RateLimitRule;
    signInPerIp: RateLimitRule;
    resetPerEmail: RateLimitRule;
    resetPerIp: RateLimitRule;
    signUpPerIp: RateLimitRule;
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
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeKeys !== 0 && stripeKeys !== 3) {
    throw new Error("Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  const perMinute = e.AUTH_RATE_LIMIT_PER_MINUTE;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(path.resolve(e.DATA_DIR)),
    seedDemo: e.SEED_DEMO,
    seedHotels: e.SEED_HOTELS,
    demoPassword: e.DEMO_PASSWORD,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME } : null,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : null,
    supplierSandbox: e.SUPPLIER_SANDBOX ?? e.NODE_ENV !== "production",
    supplierTimeouts: { bookMs: e.SUPPLIER_BOOK_TIMEOUT_MS },
    rateLimits: {
      signInPerEmail: { limit: perMinute, windowSeconds: 60 },
      signInPerIp: { limit: perMinute * 5, windowSeconds: 60 },
      resetPerEmail: { limit: Math.max(1, Math.ceil(perMinute / 3)), windowSeconds: 15 * 60 },
      resetPerIp: { limit: perMinute * 2, windowSeconds: 15 * 60 },
      signUpPerIp: { limit: perMinute * 3, windowSeconds: 60 * 60 },
    },
  };
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
