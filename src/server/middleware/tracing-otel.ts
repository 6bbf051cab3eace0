/**
 * The OpenTelemetry side of src/server/middleware/tracing.ts, imported only when tracing is on. Spans go
 * through a batch processor to the OTLP/HTTP exporter (JSON); its headers and time limit may come
 * from the standard OTEL_EXPORTER_OTLP_(TRACES_)HEADERS / _TIMEOUT variables, which it reads itself.
 */
import { readFileSync } from "node:fs";
import { DiagLogLevel, ROOT_CONTEXT, SpanKind, SpanStatusCode, context, diag, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider } from "@opentelemetry/sdk-trace";
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_PATH,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from "@opentelemetry/semantic-conventions";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppConfig } from "../config.ts";
import type { StatementObserver } from "../db/statement-hooks.ts";
import type { AppEnv } from "../http/types.ts";
import type { Logger } from "../logger.ts";

/** A statement's text is kept up to this length: the search's longest statements fit, a bulk insert's values do not. */
const MAX_STATEMENT_TEXT = 4096;

function appVersion(): string {
  const file = new URL("../../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

function noop(): void {}

/** The `Tracing` of middleware/tracing.ts (not imported from there: that file loads this one). */
export function createTracing(settings: NonNullable<AppConfig["tracing"]>, logger: Logger) {
  // The exporter reports failed exports (collector down, refused) through diag: they become warnings in our log.
  const warn = (message: string) => logger.warn({ tracing: settings.tracesUrl }, `tracing: ${message}`);
  diag.setLogger({ error: warn, warn, info: noop, debug: noop, verbose: noop }, DiagLogLevel.WARN);
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName, [ATTR_SERVICE_VERSION]: appVersion() }),
    // A request is sampled at this ratio; its statements follow its decision.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.tracesUrl }) })],
  });
  const tracer = provider.getTracer("staywise", appVersion());

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method;
    // Each request starts its own trace: a traceparent header from outside is not trusted or followed.
    const span = tracer.startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_PATH]: c.req.path } },
      ROOT_CONTEXT,
    );
    try {
      await context.with(trace.setSpan(ROOT_CONTEXT, span), next);
    } finally {
      // The pattern of the route that answered ("/api/hotels/:id"), never the raw path; "*" when none did.
      const route = routePath(c) || "*";
      const status = c.res.status;
      span.updateName(`${method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (status >= 500) {
        span.setAttribute(ATTR_ERROR_TYPE, String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    }
  };

  const statements: StatementObserver = {
    start(text) {
      const parent = context.active();
      // Only statements of a request: background rounds would send a trace every few seconds per instance.
      if (!trace.getSpan(parent)) return noop;
      const operation = /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? "SQL";
      const span = tracer.startSpan(
        operation,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
            [ATTR_DB_OPERATION_NAME]: operation,
            // Statements carry their values as parameters, so the text holds no personal data.
            [ATTR_DB_QUERY_TEXT]: text.length > MAX_STATEMENT_TEXT ? text.slice(0, MAX_STATEMENT_TEXT) : text,
          },
        },
        parent,
      );
      return (error) => {
        if (error) {
          const code = (error as { code?: unknown }).code;
          span.setAttribute(ATTR_ERROR_TYPE, typeof code === "string" ? code : "error");
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        }
        span.end();
      };
    },
  };

  return {
    middleware,
    statements,
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      context.disable();
      diag.disable();
    },
  };
}
