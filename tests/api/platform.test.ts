import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("operations endpoints", () => {
  it("reports health and readiness", async () => {
    expect(await (await t.request("GET", "/healthz")).json()).toEqual({ status: "ok" });
    const ready = await t.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("gives every response a request id, keeping a sane incoming one", async () => {
    const res = await t.request("GET", "/healthz", { headers: { "x-request-id": "abc12345-trace" } });
    expect(res.headers.get("x-request-id")).toBe("abc12345-trace");
    const other = await t.request("GET", "/healthz", { headers: { "x-request-id": "bad id with spaces" } });
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.request("GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses oversized bodies with 413", async () => {
    const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "a@example.com", password: "x".repeat(2_000_000) } });
    expect(res.status).toBe(413);
  });
});

describe("mailbox", () => {
  it("is for admins only and shows stored messages", async () => {
    const visitor = await t.request("GET", "/api/admin/mailbox");
    expect(visitor.status).toBe(401);
    await signUp(t, "user@example.com");
    const userCookie = await signIn(t, "user@example.com");
    expect((await t.request("GET", "/api/admin/mailbox", { cookie: userCookie })).status).toBe(403);

    await ensureAdmin(t.deps.db, t.deps.auth, { email: "boss@example.com", password: "boss-password", name: "Boss" }, "test");
    const adminCookie = await signIn(t, "boss@example.com", "boss-password");
    await t.request("POST", "/api/auth/request-password-reset", { body: { email: "user@example.com" } });
    const res = await t.request("GET", "/api/admin/mailbox?page=1&pageSize=10", { cookie: adminCookie });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { total: number; messages: { to: string; kind: string; text: string | null; status: string }[] };
    const reset = json.messages.find((m) => m.to === "user@example.com" && m.kind === "password_reset");
    expect(reset?.status).toBe("stored");
    expect(reset?.text).toContain("/api/auth/reset-password/");
    const bad = await t.request("GET", "/api/admin/mailbox?page=0", { cookie: adminCookie });
    expect(bad.status).toBe(400);
  });
});

describe("admin creation", () => {
  it("creates an admin once, promotes an existing user, and logs it", async () => {
    expect(await ensureAdmin(t.deps.db, t.deps.auth, { email: "first@example.com", password: "secret123", name: "First" }, "test")).toBe(
      "created",
    );
    expect(await ensureAdmin(t.deps.db, t.deps.auth, { email: "first@example.com", password: "secret123", name: "First" }, "test")).toBe(
      "already_admin",
    );
    await signUp(t, "later@example.com");
    expect(await ensureAdmin(t.deps.db, t.deps.auth, { email: "later@example.com", password: "ignored1", name: "L" }, "test")).toBe(
      "promoted",
    );
    const cookie = await signIn(t, "later@example.com");
    const me = (await (await t.request("GET", "/api/me", { cookie })).json()) as { user: { isAdmin: boolean } };
    expect(me.user.isAdmin).toBe(true);
  });
});
