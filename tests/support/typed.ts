import { expect } from "vitest";
import type { z } from "zod";
import { ErrorBody } from "../../src/server/http/openapi.ts";

/** What the typed client (and a raw `Response`) answers: enough to check the status and read the body. */
export interface Answer<T> {
  status: number;
  clone(): { text(): Promise<string> };
  json(): Promise<T>;
}

/**
 * The body of an answer, typed from the route's declared answer, after checking its status (a
 * differing status fails with the body in the message).
 */
export async function bodyOf<T>(res: Answer<T>, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return await res.json();
}

/**
 * The body of an error answer, checked against the API's one error shape (`{ code, message }` with a
 * known code), and its status when one is given. The typed client types a body from the route's
 * success answer; a test reading a refusal reads it through this instead of casting.
 */
export async function errorOf(res: Answer<unknown>, status?: number): Promise<z.infer<typeof ErrorBody>> {
  if (status !== undefined) expect(res.status, await res.clone().text()).toBe(status);
  return ErrorBody.parse(await res.json());
}
