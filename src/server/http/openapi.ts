import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z, type ZodType } from "zod";
import { ERROR_CODES, type ErrorCode } from "../../shared/error-codes.ts";
import { validationError } from "./errors.ts";
import type { AppEnv, ChannelEnv, SignedInEnv } from "./types.ts";

/**
 * A router whose routes carry their request and response schemas: the same declaration validates
 * the request, types the handler's answer, types the client (`hc`) and writes /api/openapi.json.
 */
export function apiRouter<E extends AppEnv | SignedInEnv | ChannelEnv = AppEnv>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as never);
    },
  });
}

/** The body of every error answer (`app.onError`). */
export const ErrorBody = z
  .object({
    code: z.enum(ERROR_CODES).describe("What went wrong, for programs: one code per cause (see each answer for the codes it may carry)"),
    message: z.string().describe("What went wrong, for people: show it as it is"),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Each invalid field of a refused request (`VALIDATION_ERROR`)"),
    details: z.record(z.string(), z.unknown()).optional().describe("Machine-readable facts, such as a 429's `retryAfterSeconds`"),
  })
  .openapi("ErrorBody");

/**
 * Where a declaration's own error codes travel to the published description, which adds the codes
 * the app's middleware can answer with and turns them into answers per status (`describeApi`).
 */
export const ERROR_CODES_KEY = "x-error-codes";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A JSON request body. A body sent with another content type is validated as `{}` (the first
 * missing field is named, 400), as before the routes were described, rather than answered 415.
 */
export function jsonBody<S extends ZodType>(schema: S) {
  return { content: { "application/json": { schema } }, required: true } as const;
}

function sameAnswerForOtherContentTypes(schema: ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header("content-type");
    if (type && !JSON_TYPE.test(type.split(";")[0]!.trim())) {
      const result = schema.safeParse({});
      if (!result.success) throw validationError(result.error);
    }
    await next();
  };
}

/**
 * A named schema (`.openapi("Name")`) or null. `.nullable()` on a named schema would make the
 * component itself nullable, or describe it as `allOf` of the object and null, which no value fits.
 */
export function orNull<S extends ZodType>(schema: S) {
  return z.union([schema, z.null()]);
}

/** A JSON answer of the given schema. */
export function jsonAnswer<S extends ZodType>(schema: S, description: string) {
  return { content: { "application/json": { schema } }, description } as const;
}

/**
 * createRoute, plus the content-type rule of `jsonBody` and the shared error answer in the document.
 * `errors` names the codes the handler and its services can refuse with; the codes of the request's
 * validation and of the access guards (requireUser, /admin, /properties) are added by `describeApi`.
 */
export function defineRoute<const R extends RouteConfig>(config: R & { errors?: readonly ErrorCode[] }): R {
  const { errors = [], ...route } = config;
  const media = route.request?.body?.content["application/json"];
  const body = media && "schema" in media ? media.schema : undefined;
  const guard = body instanceof z.ZodType ? [sameAnswerForOtherContentTypes(body)] : [];
  const own = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
  return createRoute({
    ...route,
    middleware: [...own, ...guard],
    [ERROR_CODES_KEY]: errors,
    responses: {
      ...route.responses,
      default: route.responses.default ?? jsonAnswer(ErrorBody, "Any other error, such as a 5xx: `{ code, message }`"),
    },
  }) as unknown as R;
}
