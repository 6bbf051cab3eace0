import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DomainError } from "../domain-error.ts";
import { toErrorResponse } from "./errors.ts";

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
