import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z, type ZodType } from "zod";
import { validationError } from "./errors.ts";
import type { AppEnv, SignedInEnv } from "./types.ts";

/**
 * A router whose routes carry their request and response schemas: the same declaration validates
 * the request, types the handler's answer, types the client (`hc`) and writes /api/openapi.json.
 */
export function apiRouter<E extends AppEnv | SignedInEnv = AppEnv>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as never);
    },
  });
}

/** The body of every error answer (`app.onError`). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

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

/** A JSON answer of the given schema. */
export function jsonAnswer<S extends ZodType>(schema: S, description: string) {
  return { content: { "application/json": { schema } }, description } as const;
}

/** createRoute, plus the content-type rule of `jsonBody` and the shared error answer in the document. */
export function defineRoute<const R extends RouteConfig>(config: R): R {
  const media = config.request?.body?.content["application/json"];
  const body = media && "schema" in media ? media.schema : undefined;
  const guard = body instanceof z.ZodType ? [sameAnswerForOtherContentTypes(body)] : [];
  const own = config.middleware ? (Array.isArray(config.middleware) ? config.middleware : [config.middleware]) : [];
  return createRoute({
    ...config,
    middleware: [...own, ...guard],
    responses: { ...config.responses, default: config.responses.default ?? jsonAnswer(ErrorBody, "Error: `{ code, message }`") },
  }) as R;
}
