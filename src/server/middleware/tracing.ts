/**
 * Optional OpenTelemetry tracing (docs/tracing.md): one span per HTTP request (its route pattern and
 * status) with a child span per SQL statement it runs, exported over OTLP/HTTP. Off unless an OTLP
 * endpoint is configured, and then the SDK is loaded with a dynamic import: an instance without it
 * never loads the SDK, registers no context manager and leaves the database drivers untouched.
 */
import type { MiddlewareHandler } from "hono";
import type { AppConfig } from "../config.ts";
import type { StatementObserver } from "../db/statement-hooks.ts";
import type { AppEnv } from "../http/types.ts";
import type { Logger } from "../logger.ts";

export interface Tracing {
  /** Starts the request's span and makes it the parent of the statements run while answering it; goes first. */
  middleware: MiddlewareHandler<AppEnv>;
  /** Given to openDatabase: a span per statement run inside a request (statements of background jobs are not traced). */
  statements: StatementObserver;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops tracing. */
  shutdown(): Promise<void>;
}

/** The tracing of this configuration, or null (nothing loaded) when no OTLP endpoint is set. */
export async function startTracing(settings: AppConfig["tracing"], logger: Logger): Promise<Tracing | null> {
  if (!settings) return null;
  const { createTracing } = await import("./tracing-otel.ts");
  return createTracing(settings, logger);
}
