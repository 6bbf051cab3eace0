import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { DomainError } from "../domain-error.ts";
import { errorResponse, toErrorResponse, validationError } from "./errors.ts";

function answer(error: unknown) {
  const unexpected: unknown[] = [];
  const app = new Hono()
    .get("/", () => {
      throw error;
    })
    .onError((e, c) => toErrorResponse(c, e, (u) => unexpected.push(u)));
  return { response: app.request("/"), unexpected };
}

describe("domain errors", () => {
  it("answer with the status and default message of their code", async () => {
    const { response, unexpected } = answer(new DomainError("NOT_CANCELLABLE"));
    const res = await response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: "NOT_CANCELLABLE",
      message: "Only confirmed bookings with a check-in date still ahead can be cancelled.",
    });
    expect(unexpected).toEqual([]);
  });

  it("carry their own message and details when they give them", async () => {
    const res = await answer(new DomainError("PRICE_INCREASED", "The price went up.", { nightlyPriceCents: 12000 })).response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "PRICE_INCREASED", message: "The price went up.", details: { nightlyPriceCents: 12000 } });
  });

  it("turn a 429's wait into Retry-After, or the default wait without one", async () => {
    const own = await answer(new DomainError("TOO_MANY_HOLDS", "Wait.", { retryAfterSeconds: 321 })).response;
    expect(own.status).toBe(429);
    expect(own.headers.get("Retry-After")).toBe("321");
    const plain = await answer(new DomainError("RATE_LIMITED")).response;
    expect(plain.headers.get("Retry-After")).toBe("60");
  });

  it("leave other errors to the 500 answer, reported as unexpected", async () => {
    const { response, unexpected } = answer(new Error("boom"));
    const res = await response;
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: "INTERNAL_ERROR" });
    expect(unexpected).toHaveLength(1);
  });
});

describe("the error body builder", () => {
  function built(error: DomainError, status?: 401) {
    const app = new Hono().get("/", (c) => (status ? errorResponse(c, error, status) : errorResponse(c, error)));
    return app.request("/");
  }

  it("answers a code with its table status and default message, and nothing else", async () => {
    const res = await built(new DomainError("HOTEL_NOT_FOUND"));
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ code: "HOTEL_NOT_FOUND", message: "Hotel not found" });
  });

  it("keeps a message, issues and details given where the error was raised", async () => {
    const error = new DomainError("VALIDATION_ERROR", "title: Title is required", { field: "title" }, [
      { path: "title", message: "Title is required" },
    ]);
    const res = await built(error);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: "title: Title is required",
      issues: [{ path: "title", message: "Title is required" }],
      details: { field: "title" },
    });
  });

  it("says when to come back on a 429, and answers another status only when asked to", async () => {
    const limited = await built(new DomainError("RATE_LIMITED", undefined, { retryAfterSeconds: 12 }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("12");
    const other = await built(new DomainError("BAD_REQUEST"), 401);
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({ code: "BAD_REQUEST", message: "Bad request" });
  });

  it("is what a zod refusal and a library's HTTP refusal answer with", async () => {
    const parsed = z.object({ title: z.string({ error: "Title is required" }) }).safeParse({});
    if (parsed.success) throw new Error("the schema should refuse");
    const invalid = await answer(validationError(parsed.error)).response;
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: "title: Title is required",
      issues: [{ path: "title", message: "Title is required" }],
    });
    const tooLarge = await answer(new HTTPException(413)).response;
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" });
    const refused = await answer(new HTTPException(401, { message: "Bad token" })).response;
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: "BAD_REQUEST", message: "Bad token" });
  });
});
