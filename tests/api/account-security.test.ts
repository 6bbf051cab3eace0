import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { loadConfig } from "../../src/server/config.ts";
import { activityLogs, emailOutbox, sessions, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { secretFromUri, totpCode } from "../support/totp.ts";
import { type TestApp, cookieFrom, createTestApp, enrollTwoFactor, signIn, signUp, testConfig } from "../support/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function logged(email: string, actionType: string) {
  return t.deps.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.actionType, actionType), eq(activityLogs.targetUserEmail, email)));
}

describe("origin check on the whole API", () => {
  let cookie: string;
  let hotelId: number;
  let roomTypeId: number;

  beforeAll(async () => {
    await signUp(t, "origin@example.com");
    cookie = await signIn(t, "origin@example.com");
    const hotel = await createHotel(t.deps.db, { name: "Origin Inn", freeCancellationDays: 3 });
    const room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 5 });
    hotelId = hotel.id;
    roomTypeId = room.id;
  });

  async function paidBooking(): Promise<string> {
    const res = await t.request("POST", "/api/bookings", {
      cookie,
      body: {
        hotelId: String(hotelId),
        roomTypeId: String(roomTypeId),
        checkIn: addDays(todayUtc(), 20),
        checkOut: addDays(todayUtc(), 22),
        guests: 2,
        rooms: 1,
        guestName: "Origin Guest",
        guestEmail: "origin@example.com",
        guestPhone: "+44 20 7946 0000",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as CreateBookingResponse;
    const paid = await t.request("POST", `/api/simulated-payments/${created.payment.paymentId}/confirm`, {
      body: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    const confirmed = await t.request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, {
      body: { paymentId: created.payment.paymentId },
    });
    expect(confirmed.status).toBe(200);
    return created.booking.id;
  }

  it("refuses a cancel sent with the session cookie from another port of the same host, and allows it from the app", async () => {
    const id = await paidBooking();
    const forged = await t.request("POST", `/api/bookings/${id}/cancel`, { cookie, headers: { origin: "http://localhost:4000" } });
    expect(forged.status).toBe(403);
    const body = (await forged.json()) as { code: string; message: string };
    expect(body.code).toBe("UNTRUSTED_ORIGIN");
    expect(body.message).toContain("PUBLIC_URL");
    const noOrigin = await t.request("POST", `/api/bookings/${id}/cancel`, { cookie, headers: { origin: "null" } });
    expect(noOrigin.status).toBe(403);
    const view = await t.request("GET", `/api/bookings/${id}`, { cookie });
    expect(((await view.json()) as { booking: { status: string } }).booking.status).toBe("confirmed");

    const real = await t.request("POST", `/api/bookings/${id}/cancel`, { cookie });
    expect(real.status).toBe(200);
  });

  it("lets a server-to-server call such as the payment webhook through without a cookie or an origin", async () => {
    const res = await t.app.request("http://localhost:3000/api/payments/webhook", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).not.toBe(403);
  });

  it("trusts the loopback forms of the port when PUBLIC_URL is not set, and says what to set otherwise", async () => {
    expect(testConfig({ PUBLIC_URL: "", PORT: "3100" }).trustedOrigins).toEqual([
      "http://localhost:3100",
      "http://127.0.0.1:3100",
      "http://[::1]:3100",
    ]);
    const local = await createTestApp({ PUBLIC_URL: "", PORT: "3000" }, t.database);
    for (const [i, origin] of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"].entries()) {
      const res = await local.request("POST", "/api/auth/sign-up/email", {
        body: { name: "Loopback", email: `loop-${i}@example.com`, password: "loopback-pass" },
        headers: { origin },
      });
      expect(res.status, origin).toBe(200);
    }
    await signUp(t, "lan@example.com");
    const lan = await local.request("POST", "/api/auth/sign-in/email", {
      body: { email: "lan@example.com", password: "secret123" },
      headers: { origin: "http://192.168.1.20:3000" },
    });
    expect(lan.status).toBe(403);
    const refusal = (await lan.json()) as { code: string; message: string };
    expect(refusal.code).toBe("UNTRUSTED_ORIGIN");
    expect(refusal.message).toContain("PUBLIC_URL=http://192.168.1.20:3000");
    expect(refusal.message).not.toMatch(/disabled/i);
    // Logged with its true reason, not as a disabled account.
    const failures = await logged("lan@example.com", "sign_in_failed");
    expect(failures.map((f) => f.details)).toEqual([{ reason: "untrusted_origin", origin: "http://192.168.1.20:3000" }]);
  });
});

describe("sign-up does not reveal accounts", () => {
  it("answers a taken address with the same bytes as a new one, and e-mails both owners", async () => {
    await signUp(t, "known@example.com");
    const known = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Someone", email: "known@example.com", password: "another-pass" },
    });
    const fresh = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Someone", email: "fresh@example.com", password: "another-pass" },
    });
    expect(known.status).toBe(fresh.status);
    expect(await known.text()).toBe(await fresh.text());
    expect(known.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    const kinds = async (to: string) =>
      (await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).map((m) => m.kind);
    expect(await kinds("known@example.com")).toEqual(["welcome", "sign_up_existing_email"]);
    expect(await kinds("fresh@example.com")).toEqual(["welcome"]);
  });
});

describe("password policy", () => {
  it.each([
    ["1234567", "Password must be at least 8 characters"],
    ["password1", "This password is too common. Choose another."],
    ["BASEBALL", "This password is too common. Choose another."],
  ])("refuses %s at sign-up with '%s'", async (password, message) => {
    const res = await t.request("POST", "/api/auth/sign-up/email", { body: { name: "Weak", email: "weak@example.com", password } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });

  it("refuses a common password when resetting", async () => {
    const res = await t.request("POST", "/api/auth/reset-password", { body: { newPassword: "iloveyou", token: "whatever" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("This password is too common. Choose another.");
  });

  it("refuses weak configured passwords at start", () => {
    const base = { APP_SECRET: "x".repeat(32), DATA_DIR: "./data/test-unused" };
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "qwerty123" })).toThrow(
      /ADMIN_PASSWORD: This password is too common/,
    );
    expect(() => loadConfig({ ...base, DEMO_PASSWORD: "short" })).toThrow(/DEMO_PASSWORD: Password must be at least 8 characters/);
  });
});

describe("names", () => {
  it.each(["Eve\r\nBcc: all@example.com", "Eve\nAdmin", "Eve\u0007"])("refuses control characters in %j", async (name) => {
    const res = await t.request("POST", "/api/auth/sign-up/email", { body: { name, email: "eve@example.com", password: "good-password" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("Full name cannot contain line breaks or control characters");
  });
});

describe("auth answers", () => {
  it("never put the session token in a body, and are never cached", async () => {
    await signUp(t, "private@example.com");
    const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "private@example.com", password: "secret123" } });
    const token = decodeURIComponent(cookieFrom(res).match(/session_token=([^;.]+)/)?.[1] ?? "");
    expect(token).not.toBe("");
    expect(await res.text()).not.toContain(token);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const session = await t.request("GET", "/api/auth/get-session", { cookie: cookieFrom(res) });
    expect(await session.text()).not.toContain(token);
    expect(session.headers.get("cache-control")).toBe("no-store");
    const refused = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "private@example.com" } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("give a disabled account the same answer for right and wrong passwords, logged as disabled", async () => {
    await signUp(t, "shut@example.com");
    await t.deps.db.update(users).set({ banned: true }).where(eq(users.email, "shut@example.com"));
    const right = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "shut@example.com", password: "secret123" } });
    const wrong = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "shut@example.com", password: "not-the-password" } });
    expect(right.status).toBe(403);
    expect(wrong.status).toBe(right.status);
    expect(await wrong.text()).toBe(await right.text());
    const failures = await logged("shut@example.com", "sign_in_failed");
    expect(failures.map((f) => f.details)).toEqual([{ reason: "disabled" }, { reason: "disabled" }]);
  });
});

describe("absolute session lifetime", () => {
  it("refuses a session older than the limit even when it was used a moment ago", async () => {
    await signUp(t, "old@example.com");
    const cookie = await signIn(t, "old@example.com");
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, "old@example.com"));
    const day = 24 * 60 * 60 * 1000;
    await t.deps.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 29 * day), updatedAt: new Date(), expiresAt: new Date(Date.now() + 7 * day) })
      .where(eq(sessions.userId, user!.id));
    expect(((await (await t.request("GET", "/api/me", { cookie })).json()) as { user: unknown }).user).not.toBeNull();
    await t.deps.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * day) })
      .where(eq(sessions.userId, user!.id));
    expect(await (await t.request("GET", "/api/me", { cookie })).json()).toEqual({ user: null });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });
});

describe("two-factor authentication", () => {
  it("is optional for a traveller: enable, sign in with a code or a recovery code once, disable; each logged", async () => {
    await signUp(t, "totp@example.com", "totp-password");
    const first = await signIn(t, "totp@example.com", "totp-password");
    const wrongPassword = await t.request("POST", "/api/auth/two-factor/enable", { cookie: first, body: { password: "not-it-at-all" } });
    expect(wrongPassword.status).toBe(400);
    const { secret, backupCodes, cookie } = await enrollTwoFactor(t, first, "totp-password");
    expect(backupCodes).toHaveLength(10);
    const me = (await (await t.request("GET", "/api/me", { cookie })).json()) as { user: { twoFactorEnabled: boolean } };
    expect(me.user.twoFactorEnabled).toBe(true);

    // The password alone no longer makes a session.
    const step1 = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "totp@example.com", password: "totp-password" } });
    expect(step1.status).toBe(200);
    expect(await step1.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const pending = cookieFrom(step1);
    expect(pending).not.toMatch(/session_token=[^;]/);
    const wrong = await t.request("POST", "/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: totpCode(secret, Date.now() - 10 * 60_000) },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_TWO_FACTOR_CODE");
    const right = await t.request("POST", "/api/auth/two-factor/verify-totp", { cookie: pending, body: { code: totpCode(secret) } });
    expect(right.status).toBe(200);
    expect(cookieFrom(right)).toMatch(/session_token=[^;]/);

    const step1b = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "totp@example.com", password: "totp-password" } });
    const recovery = await t.request("POST", "/api/auth/two-factor/verify-backup-code", {
      cookie: cookieFrom(step1b),
      body: { code: backupCodes[0] },
    });
    expect(recovery.status).toBe(200);
    const step1c = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "totp@example.com", password: "totp-password" } });
    const reused = await t.request("POST", "/api/auth/two-factor/verify-backup-code", {
      cookie: cookieFrom(step1c),
      body: { code: backupCodes[0] },
    });
    expect(reused.status).toBe(401);

    const off = await t.request("POST", "/api/auth/two-factor/disable", {
      cookie: cookieFrom(recovery),
      body: { password: "totp-password" },
    });
    expect(off.status).toBe(200);
    const plain = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "totp@example.com", password: "totp-password" } });
    expect(cookieFrom(plain)).toMatch(/session_token=[^;]/);
    const actions = (await t.deps.db.select().from(activityLogs).where(eq(activityLogs.userEmail, "totp@example.com"))).map(
      (r) => r.actionType,
    );
    expect(actions.filter((a) => a.startsWith("two_factor"))).toEqual(["two_factor_enabled", "two_factor_disabled"]);
    expect(actions.filter((a) => a === "user_signed_in")).toHaveLength(4);
  });

  it("is required for an admin: the admin API refuses until it is on", async () => {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "chief@example.com", password: "chief-password", name: "Chief" }, "test");
    const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "chief@example.com", password: "chief-password" } });
    const cookie = cookieFrom(res);
    const me = (await (await t.request("GET", "/api/me", { cookie })).json()) as {
      user: { isAdmin: boolean; twoFactorSetupRequired: boolean };
    };
    expect(me.user).toMatchObject({ isAdmin: true, twoFactorSetupRequired: true });
    const refused = await t.request("GET", "/api/admin/mailbox?page=1&pageSize=10", { cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("TWO_FACTOR_REQUIRED");

    const enable = await t.request("POST", "/api/auth/two-factor/enable", { cookie, body: { password: "chief-password" } });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const verify = await t.request("POST", "/api/auth/two-factor/verify-totp", {
      cookie,
      body: { code: totpCode(secretFromUri(totpURI)) },
    });
    expect(verify.status).toBe(200);
    const allowed = await t.request("GET", "/api/admin/mailbox?page=1&pageSize=10", { cookie: cookieFrom(verify) });
    expect(allowed.status).toBe(200);
  });
});
