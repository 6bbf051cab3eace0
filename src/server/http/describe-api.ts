import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import type { ErrorCode } from "../../shared/error-codes.ts";
import { ERROR_TABLE } from "./error-table.ts";
import { ERROR_CODES_KEY } from "./openapi.ts";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
/**
 * The middleware that refuse a request without a signed-in user, and what each lets through,
 * wherever they are mounted: on a route (`middleware: [requireUser]`) or on a path prefix.
 */
type Guards = ReadonlyMap<unknown, Access>;
type Operation = Record<string, unknown> & {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
};
/** What a guard lets through: any signed-in user, or staff (admins, or managers on /properties). */
export type Access = "user" | "staff";

/** People's security scheme: better-auth's session cookie (httpOnly; set by sign-in, two-factor verification). */
const SESSION_SCHEME = "sessionCookie";
/** Channel managers' scheme: a hotel's channel API key as a bearer token, on the channel API's paths (decision 057). */
const CHANNEL_SCHEME = "channelApiKey";
const CHANNEL_PATHS = "/api/channel/";
const ERROR_SCHEMA = { $ref: "#/components/schemas/ErrorBody" };
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
const UNSAFE_METHODS = new Set(["put", "post", "delete", "patch"]);

const ACCESS_CODES: Record<Access, ErrorCode[]> = {
  user: ["UNAUTHENTICATED"],
  staff: ["UNAUTHENTICATED", "FORBIDDEN", "TWO_FACTOR_REQUIRED"],
};

const REASONS: Record<number, string> = {
  400: "The request cannot be carried out as sent",
  401: "Not signed in, or the sign-in step failed",
  403: "Not allowed",
  404: "Not found",
  409: "Conflicts with the current state",
  413: "The body is too large",
  429: "Too many requests: wait for Retry-After seconds",
  502: "A provider (payment, supplier) failed",
  503: "Unavailable for now: try again later",
};

function hasBody(operation: Operation): boolean {
  return operation.requestBody !== undefined;
}

function hasPathParameter(operation: Operation): boolean {
  return (operation.parameters ?? []).some((parameter) => (parameter as { in?: string }).in === "path");
}

function hasInput(operation: Operation): boolean {
  return hasBody(operation) || (operation.parameters?.length ?? 0) > 0;
}

/** A Hono route pattern (`/api/admin/*`, `/api/bookings/:id`) as a test of a concrete path. */
function patternTest(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z0-9_]+(?:\{[^}]*\})?)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

/** The strongest guard among every handler Hono runs for this operation (middleware included). */
function accessOf<E extends Env>(app: OpenAPIHono<E>, guards: Guards, method: string, path: string): Access | undefined {
  const concrete = path.replace(/\{[^}]+\}/g, "x");
  let access: Access | undefined;
  for (const route of app.routes) {
    const guard = guards.get(route.handler);
    if (!guard || access === "staff") continue;
    if (route.method !== "ALL" && route.method !== method.toUpperCase()) continue;
    if (patternTest(route.path).test(concrete)) access = guard;
  }
  return access;
}

/** `getHotelsByIdReviews` for GET /api/hotels/{id}/reviews: stable while the route is. */
function derivedOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ["by", ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method, ...words].map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
}

/** Every code the operation can answer with: its declaration's, plus those of the app around it. */
function errorCodes(operation: Operation, method: string, access: Access | undefined): Set<ErrorCode> {
  // rejectUnsafeText reads the path, the query (declared or not) and the body of every request.
  const codes = new Set<ErrorCode>(["INVALID_CHARACTERS"]);
  if (hasInput(operation)) codes.add("VALIDATION_ERROR");
  // A path parameter with a malformed %-escape.
  if (hasPathParameter(operation)) codes.add("BAD_REQUEST");
  if (hasBody(operation)) codes.add("PAYLOAD_TOO_LARGE");
  for (const code of access ? ACCESS_CODES[access] : []) codes.add(code);
  // originCheck: a change sent with a cookie from a page that is not ours.
  if (UNSAFE_METHODS.has(method)) codes.add("UNTRUSTED_ORIGIN");
  for (const code of (operation[ERROR_CODES_KEY] as ErrorCode[] | undefined) ?? []) codes.add(code);
  return codes;
}

/** One answer per status, naming each code it may carry and that code's usual message. */
function errorAnswers(codes: Set<ErrorCode>): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_TABLE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const answers: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = list.map((code) => `- \`${code}\`: ${ERROR_TABLE[code].message}`);
    answers[String(status)] = {
      description: `${REASONS[status] ?? "Error"}. \`code\` is one of:\n\n${lines.join("\n")}`,
      ...(status === 429 || status === 503
        ? { headers: { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 0 } } } }
        : {}),
      content: { "application/json": { schema: ERROR_SCHEMA } },
    };
  }
  return answers;
}

/**
 * The published OpenAPI document: the routes' own declarations, plus what the app adds around
 * them, read from the app itself so it cannot drift: the session cookie wherever a guard runs,
 * the error answers of validation, guards and origin check beside each route's own codes, and an
 * operationId for every operation.
 */
export function describeApi<E extends Env>(
  app: OpenAPIHono<E>,
  options: { sessionCookieName: string; guards: Guards; info: Document["info"] },
): Document {
  // Relative: the API is at the address the document was fetched from, whatever name or proxy reached it.
  const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: options.info, servers: [{ url: "/", description: "This instance" }] });
  doc.components = {
    ...doc.components,
    securitySchemes: {
      [SESSION_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: options.sessionCookieName,
        description: "The session cookie set by POST /api/auth/sign-in/email (or the two-factor step that completes it).",
      },
      [CHANNEL_SCHEME]: {
        type: "http",
        scheme: "bearer",
        description: "A channel API key of the hotel in the path (Property management > Channel keys; shown once when created).",
      },
    },
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const access = accessOf(app, options.guards, method, path);
      operation.operationId ??= derivedOperationId(method, path);
      operation.security = path.startsWith(CHANNEL_PATHS) ? [{ [CHANNEL_SCHEME]: [] }] : access ? [{ [SESSION_SCHEME]: [] }] : [];
      const { default: other, ...own } = operation.responses;
      operation.responses = { ...own, ...errorAnswers(errorCodes(operation, method, access)), ...(other ? { default: other } : {}) };
      delete operation[ERROR_CODES_KEY];
    }
  }
  return doc;
}
