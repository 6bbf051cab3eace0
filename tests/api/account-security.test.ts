import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { loadConfig } from "../../src/server/config.ts";
import { activityLogs, emailOutbox, sessions, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { secretFromUri, totpCode } from "../support/totp.ts";
import { type TestApp, cookieFrom, createTestApp, enrollTwoFactor, signIn, signUp, testConfig } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The authenticator's code for the step after the current one (better-auth accepts one step either side). */
function nextCode(secret: string): string {
  return totpCode(secret, Date.now() + 30_000);
}

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
    const res = await t.client(cookie).bookings.$post({
      json: {
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
    const created = await res.json();
    const paid = await t.api["simulated-payments"][":id"].confirm.$post({
      param: { id: created.payment.paymentId },
      json: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: created.booking.id },
      json: { paymentId: created.payment.paymentId },
    });
    expect(confirmed.status).toBe(200);
    return created.booking.id;
  }

  it("refuses a cancel sent with the session cookie from another port of the same host, and allows it from the app", async () => {
    const id = await paidBooking();
    const forged = await t.request("POST", `/api/bookings/${id}/cancel`, { cookie, headers: { origin: "http://localhost:4000" } });
    expect(forged.status).toBe(403);
    const body = await errorOf(forged);
    expect(body.code).toBe("UNTRUSTED_ORIGIN");
    expect(body.message).toContain("PUBLIC_URL");
    const noOrigin = await t.request("POST", `/api/bookings/${id}/cancel`, { cookie, headers: { origin: "null" } });
    expect(noOrigin.status).toBe(403);
    const view = await t.client(cookie).bookings[":id"].$get({ param: { id }, header: {} });
    expect((await view.json()).booking.status).toBe("confirmed");

    const real = await t.client(cookie).bookings[":id"].cancel.$post({ param: { id }, header: {} });
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
    const refusal = await errorOf(lan);
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
    const known = await t.api.auth["sign-up"].email.$post({
      json: { name: "Someone", email: "known@example.com", password: "another-pass" },
    });
    const fresh = await t.api.auth["sign-up"].email.$post({
      json: { name: "Someone", email: "fresh@example.com", password: "another-pass" },
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
    const res = await t.api.auth["sign-up"].email.$post({ json: { name: "Weak", email: "weak@example.com", password } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(message);
  });

  it("refuses a common password when resetting", async () => {
    const res = await t.api.auth["reset-password"].$post({ json: { newPassword: "iloveyou", token: "whatever" } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("This password is too common. Choose another.");
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
    const res = await t.api.auth["sign-up"].email.$post({ json: { name, email: "eve@example.com", password: "good-password" } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("Full name cannot contain line breaks or control characters");
  });
});

describe("auth answers", () => {
  it("never put the session token in a body, and are never cached", async () => {
    await signUp(t, "private@example.com");
    const res = await t.api.auth["sign-in"].email.$post({ json: { email: "private@example.com", password: "secret123" } });
    const token = decodeURIComponent(cookieFrom(res).match(/session_token=([^;.]+)/)?.[1] ?? "");
    expect(token).not.toBe("");
    expect(await res.text()).not.toContain(token);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const session = await t.client(cookieFrom(res)).auth["get-session"].$get();
    expect(await session.text()).not.toContain(token);
    expect(session.headers.get("cache-control")).toBe("no-store");
    // Without its password the body does not fit the typed client: sent raw.
    const refused = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "private@example.com" } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("give a disabled account the same answer for right and wrong passwords, logged as disabled", async () => {
    await signUp(t, "shut@example.com");
    await t.deps.db.update(users).set({ banned: true }).where(eq(users.email, "shut@example.com"));
    const right = await t.api.auth["sign-in"].email.$post({ json: { email: "shut@example.com", password: "secret123" } });
    const wrong = await t.api.auth["sign-in"].email.$post({ json: { email: "shut@example.com", password: "not-the-password" } });
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
    expect((await (await t.client(cookie).me.$get()).json()).user).not.toBeNull();
    await t.deps.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * day) })
      .where(eq(sessions.userId, user!.id));
    expect(await (await t.client(cookie).me.$get()).json()).toEqual({ user: null });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });
});

describe("two-factor authentication", () => {
  it("is optional for a traveller: enable, sign in with a code or a recovery code once, disable; each logged", async () => {
    await signUp(t, "totp@example.com", "totp-password");
    const first = await signIn(t, "totp@example.com", "totp-password");
    const wrongPassword = await t.client(first).auth["two-factor"].enable.$post({ json: { password: "not-it-at-all" } });
    expect(wrongPassword.status).toBe(400);
    const { secret, backupCodes, cookie } = await enrollTwoFactor(t, first, "totp-password");
    expect(backupCodes).toHaveLength(10);
    const me = await (await t.client(cookie).me.$get()).json();
    expect(me.user?.twoFactorEnabled).toBe(true);

    // The password alone no longer makes a session.
    const step1 = await t.api.auth["sign-in"].email.$post({ json: { email: "totp@example.com", password: "totp-password" } });
    expect(step1.status).toBe(200);
    expect(await step1.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const pending = cookieFrom(step1);
    expect(pending).not.toMatch(/session_token=[^;]/);
    const wrong = await t
      .client(pending)
      .auth["two-factor"]["verify-totp"].$post({ json: { code: totpCode(secret, Date.now() - 10 * 60_000) } });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe("INVALID_TWO_FACTOR_CODE");
    // The code that confirmed enrolment has been used: the app's next code signs in.
    const right = await t.client(pending).auth["two-factor"]["verify-totp"].$post({ json: { code: nextCode(secret) } });
    expect(right.status).toBe(200);
    expect(cookieFrom(right)).toMatch(/session_token=[^;]/);

    const step1b = await t.api.auth["sign-in"].email.$post({ json: { email: "totp@example.com", password: "totp-password" } });
    const recovery = await t.client(cookieFrom(step1b)).auth["two-factor"]["verify-backup-code"].$post({ json: { code: backupCodes[0]! } });
    expect(recovery.status).toBe(200);
    const step1c = await t.api.auth["sign-in"].email.$post({ json: { email: "totp@example.com", password: "totp-password" } });
    const reused = await t.client(cookieFrom(step1c)).auth["two-factor"]["verify-backup-code"].$post({ json: { code: backupCodes[0]! } });
    expect(reused.status).toBe(401);

    const off = await t
      .client(cookieFrom(recovery))
      .auth["two-factor"].disable.$post({ json: { password: "totp-password", code: backupCodes[1]! } });
    expect(off.status).toBe(200);
    const plain = await t.api.auth["sign-in"].email.$post({ json: { email: "totp@example.com", password: "totp-password" } });
    expect(cookieFrom(plain)).toMatch(/session_token=[^;]/);
    const actions = (await t.deps.db.select().from(activityLogs).where(eq(activityLogs.userEmail, "totp@example.com"))).map(
      (r) => r.actionType,
    );
    expect(actions.filter((a) => a.startsWith("two_factor"))).toEqual(["two_factor_enabled", "two_factor_disabled"]);
    expect(actions.filter((a) => a === "user_signed_in")).toHaveLength(4);
  });

  it("is required for an admin: the admin API refuses until it is on", async () => {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "chief@example.com", password: "chief-password", name: "Chief" }, "test");
    const res = await t.api.auth["sign-in"].email.$post({ json: { email: "chief@example.com", password: "chief-password" } });
    const cookie = cookieFrom(res);
    const me = await (await t.client(cookie).me.$get()).json();
    expect(me.user).toMatchObject({ isAdmin: true, twoFactorSetupRequired: true });
    const refused = await t.client(cookie).admin.mailbox.$get({ query: { page: "1", pageSize: "10" } });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("TWO_FACTOR_REQUIRED");

    const enable = await t.client(cookie).auth["two-factor"].enable.$post({ json: { password: "chief-password" } });
    const { totpURI } = await enable.json();
    const verify = await t.client(cookie).auth["two-factor"]["verify-totp"].$post({ json: { code: totpCode(secretFromUri(totpURI)) } });
    expect(verify.status).toBe(200);
    const allowed = await t.client(cookieFrom(verify)).admin.mailbox.$get({ query: { page: "1", pageSize: "10" } });
    expect(allowed.status).toBe(200);
  });
});

describe("staff sessions are bound to their second factor (issue 27)", () => {
  let admin: string;
  let hotelId: number;

  beforeAll(async () => {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "binder@example.com", password: "binder-password", name: "Binder" }, "test");
    admin = await signIn(t, "binder@example.com", "binder-password");
    hotelId = (await createHotel(t.deps.db, { name: "Bound Inn" })).id;
  }, 60_000);

  async function userId(email: string): Promise<string> {
    const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  async function passwordOnly(email: string, password: string): Promise<string> {
    const res = await t.api.auth["sign-in"].email.$post({ json: { email, password } });
    expect(res.status).toBe(200);
    return cookieFrom(res);
  }

  async function codeOf(res: Response): Promise<string> {
    return (await errorOf(res)).code;
  }

  it("refuses a password-only cookie kept by someone else once the user enrols: hotel, front desk", async () => {
    await signUp(t, "granted@example.com", "granted-password");
    const grant = await t
      .client(admin)
      .admin.users[":id"].hotels.$put({ param: { id: await userId("granted@example.com") }, json: { hotelIds: [hotelId] } });
    expect(grant.status).toBe(200);
    // Someone who knows U's password signs in, is asked for two-factor, and keeps the cookie.
    const stolen = await passwordOnly("granted@example.com", "granted-password");
    const early = await t
      .client(stolen)
      .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelId) }, query: {} });
    expect(early.status).toBe(403);
    expect(await codeOf(early)).toBe("TWO_FACTOR_REQUIRED");
    // U enrols in their own browser.
    const own = await passwordOnly("granted@example.com", "granted-password");
    const enrolled = await enrollTwoFactor(t, own, "granted-password");

    const param = { hotelId: String(hotelId) };
    expect((await t.client(stolen).properties.hotels[":hotelId"].$get({ param })).status).toBe(401);
    expect((await t.client(stolen).properties.hotels[":hotelId"]["front-desk"].$get({ param, query: {} })).status).toBe(401);
    expect(await (await t.client(stolen).me.$get()).json()).toEqual({ user: null });
    expect(
      (await t.client(enrolled.cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelId) }, query: {} }))
        .status,
    ).toBe(200);
  });

  it("refuses it on the admin API for a promoted user", async () => {
    await signUp(t, "promoted@example.com", "promoted-password");
    const promote = await t
      .client(admin)
      .admin.users[":id"].role.$post({ param: { id: await userId("promoted@example.com") }, json: { role: "admin" } });
    expect(promote.status).toBe(200);
    const stolen = await passwordOnly("promoted@example.com", "promoted-password");
    const early = await t.client(stolen).admin.users.$get({ query: {} });
    expect(early.status).toBe(403);
    expect(await codeOf(early)).toBe("TWO_FACTOR_REQUIRED");
    const own = await passwordOnly("promoted@example.com", "promoted-password");
    const enrolled = await enrollTwoFactor(t, own, "promoted-password");

    expect((await t.client(stolen).admin.users.$get({ query: {} })).status).toBe(401);
    expect((await t.client(enrolled.cookie).admin.users.$get({ query: {} })).status).toBe(200);
  });

  it("requires the session itself to have passed the second factor, not only the account to have it", async () => {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "marked@example.com", password: "marked-password", name: "Marked" }, "test");
    const cookie = await signIn(t, "marked@example.com", "marked-password");
    const id = await userId("marked@example.com");
    const [session] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(session?.twoFactorVerifiedAt).toBeInstanceOf(Date);
    expect((await t.client(cookie).admin.users.$get({ query: {} })).status).toBe(200);

    // A session row from before this rule (or made any other way) that never passed the code.
    await t.deps.db.update(sessions).set({ twoFactorVerifiedAt: null }).where(eq(sessions.userId, id));
    expect((await t.client(cookie).admin.users.$get({ query: {} })).status).toBe(401);
    expect((await t.client(cookie).properties.hotels[":hotelId"].$get({ param: { hotelId: String(hotelId) } })).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });

  it("marks sessions made by the second step only: a password-only session is not marked", async () => {
    await signUp(t, "plain-mark@example.com", "plain-mark-password");
    await passwordOnly("plain-mark@example.com", "plain-mark-password");
    const [session] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId("plain-mark@example.com")));
    expect(session?.twoFactorVerifiedAt).toBeNull();
  });

  it("ends the user's sessions when their role or hotels change", async () => {
    await signUp(t, "regranted@example.com", "regranted-password");
    const id = await userId("regranted@example.com");
    const before = await passwordOnly("regranted@example.com", "regranted-password");
    expect((await t.client(admin).admin.users[":id"].hotels.$put({ param: { id }, json: { hotelIds: [hotelId] } })).status).toBe(200);
    expect(await (await t.client(before).me.$get()).json()).toEqual({ user: null });

    const manager = await signIn(t, "regranted@example.com", "regranted-password");
    const other = await createHotel(t.deps.db, { name: "Bound Annex" });
    expect((await t.client(admin).admin.users[":id"].hotels.$put({ param: { id }, json: { hotelIds: [hotelId, other.id] } })).status).toBe(
      200,
    );
    expect(
      (await t.client(manager).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelId) }, query: {} })).status,
    ).toBe(401);

    const again = await signIn(t, "regranted@example.com", "regranted-password");
    expect((await t.client(admin).admin.users[":id"].role.$post({ param: { id }, json: { role: "admin" } })).status).toBe(200);
    expect(await (await t.client(again).me.$get()).json()).toEqual({ user: null });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });
});

describe("an authenticator code is accepted once (ASVS 6.5.1)", () => {
  async function secondStep(email: string, password: string): Promise<string> {
    const res = await t.api.auth["sign-in"].email.$post({ json: { email, password } });
    expect(await res.clone().json()).toMatchObject({ twoFactorRedirect: true });
    return cookieFrom(res);
  }

  function verify(pending: string, code: string) {
    return t.client(pending).auth["two-factor"]["verify-totp"].$post({ json: { code } });
  }

  it("refuses the code that confirmed enrolment, a code used to sign in, and an older code; the next one signs in", async () => {
    await signUp(t, "replay@example.com", "replay-password");
    const now = Date.now();
    const { secret } = await enrollTwoFactor(t, await signIn(t, "replay@example.com", "replay-password"), "replay-password");
    const enrolmentCode = totpCode(secret, now);

    const reused = await verify(await secondStep("replay@example.com", "replay-password"), enrolmentCode);
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(cookieFrom(reused)).not.toMatch(/session_token=[^;]/);

    const next = totpCode(secret, now + 30_000);
    const signedIn = await verify(await secondStep("replay@example.com", "replay-password"), next);
    expect(signedIn.status).toBe(200);
    expect(cookieFrom(signedIn)).toMatch(/session_token=[^;]/);
    const again = await verify(await secondStep("replay@example.com", "replay-password"), next);
    expect(again.status).toBe(401);
    // Within better-auth's window, but older than the last code accepted.
    const older = await verify(await secondStep("replay@example.com", "replay-password"), totpCode(secret, now - 30_000));
    expect(older.status).toBe(401);

    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "replay@example.com"));
    // Exactly the one sign-in that was accepted made a session (besides the enrolment's).
    const made = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(made).toHaveLength(2);
    const failures = await t.deps.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.actionType, "sign_in_failed"), eq(activityLogs.userEmail, "replay@example.com")));
    expect(failures.map((f) => f.details)).toEqual([
      { reason: "reused_two_factor_code" },
      { reason: "reused_two_factor_code" },
      { reason: "reused_two_factor_code" },
    ]);
  });

  it("lets only one of two simultaneous sign-ins with the same code through", async () => {
    await signUp(t, "race-code@example.com", "race-code-password");
    const { secret } = await enrollTwoFactor(t, await signIn(t, "race-code@example.com", "race-code-password"), "race-code-password");
    const code = totpCode(secret, Date.now() + 30_000);
    const [a, b] = await Promise.all([
      secondStep("race-code@example.com", "race-code-password"),
      secondStep("race-code@example.com", "race-code-password"),
    ]);
    const statuses = (await Promise.all([verify(a, code), verify(b, code)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
  });
});

describe("turning two-factor off", () => {
  it("asks for a current code or a recovery code besides the password, and ends the other sessions", async () => {
    await signUp(t, "off@example.com", "off-password-1");
    const start = await signIn(t, "off@example.com", "off-password-1");
    const { secret, backupCodes, cookie, enrolmentCode } = await enrollTwoFactor(t, start, "off-password-1");
    const bodyWith = (code: string) => ({ password: "off-password-1", code });

    // Without a code the body does not fit the typed client: sent raw.
    const passwordAlone = await t.request("POST", "/api/auth/two-factor/disable", { cookie, body: { password: "off-password-1" } });
    expect(passwordAlone.status).toBe(400);
    const wrongCode = await t.client(cookie).auth["two-factor"].disable.$post({ json: bodyWith("000000") });
    expect(wrongCode.status).toBe(401);
    expect((await errorOf(wrongCode)).code).toBe("INVALID_TWO_FACTOR_CODE");
    const wrongRecovery = await t.client(cookie).auth["two-factor"].disable.$post({ json: bodyWith("AAAAA-00000") });
    expect(wrongRecovery.status).toBe(401);
    // The enrolment's code, already used, does not turn it off either. (The code the enrolment sent,
    // not the current one: a new 30-second step may have begun since.)
    const usedCode = await t.client(cookie).auth["two-factor"].disable.$post({ json: bodyWith(enrolmentCode) });
    expect(usedCode.status).toBe(401);
    const wrongPassword = await t
      .client(cookie)
      .auth["two-factor"].disable.$post({ json: { password: "not-the-password", code: backupCodes[0]! } });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).code).toBe("INVALID_PASSWORD");
    const me = await (await t.client(cookie).me.$get()).json();
    expect(me.user?.twoFactorEnabled).toBe(true);

    const step1 = await t.api.auth["sign-in"].email.$post({ json: { email: "off@example.com", password: "off-password-1" } });
    const recovery = await t.client(cookieFrom(step1)).auth["two-factor"]["verify-backup-code"].$post({ json: { code: backupCodes[1]! } });
    expect(recovery.status).toBe(200);
    const elsewhere = cookieFrom(recovery);
    const off = await t.client(cookie).auth["two-factor"].disable.$post({ json: bodyWith(totpCode(secret, Date.now() + 30_000)) });
    expect(off.status).toBe(200);
    const after = await (await t.client(cookieFrom(off)).me.$get()).json();
    expect(after.user?.twoFactorEnabled).toBe(false);
    expect(await (await t.client(elsewhere).me.$get()).json()).toEqual({ user: null });
  });

  it("takes a recovery code (the one the password check did not spend)", async () => {
    await signUp(t, "off-recovery@example.com", "off-recovery-1");
    const { backupCodes, cookie } = await enrollTwoFactor(
      t,
      await signIn(t, "off-recovery@example.com", "off-recovery-1"),
      "off-recovery-1",
    );
    const off = await t.client(cookie).auth["two-factor"].disable.$post({ json: { password: "off-recovery-1", code: backupCodes[0]! } });
    expect(off.status).toBe(200);
  });
});

describe("changing the password while signed in", () => {
  it("needs the current password and the password policy, then ends the other sessions but this one", async () => {
    await signUp(t, "change@example.com", "change-password-1");
    const here = await signIn(t, "change@example.com", "change-password-1");
    const there = await signIn(t, "change@example.com", "change-password-1");
    const change = (body: { currentPassword: string; newPassword: string }, cookie = here) =>
      t.client(cookie).auth["change-password"].$post({ json: body });

    expect((await t.api.auth["change-password"].$post({ json: { currentPassword: "x", newPassword: "y" } })).status).toBe(401);
    const wrong = await change({ currentPassword: "not-the-password", newPassword: "change-password-2" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("INVALID_PASSWORD");
    const common = await change({ currentPassword: "change-password-1", newPassword: "password1" });
    expect(common.status).toBe(400);
    expect((await errorOf(common)).message).toContain("This password is too common. Choose another.");
    const short = await change({ currentPassword: "change-password-1", newPassword: "short" });
    expect((await errorOf(short)).message).toContain("Password must be at least 8 characters");
    expect(await (await t.client(there).me.$get()).json()).not.toEqual({ user: null });

    const changed = await change({ currentPassword: "change-password-1", newPassword: "change-password-2" });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ status: true, otherSessionsEnded: 1 });
    expect(await (await t.client(there).me.$get()).json()).toEqual({ user: null });
    expect((await (await t.client(here).me.$get()).json()).user?.email).toBe("change@example.com");
    const old = await t.api.auth["sign-in"].email.$post({ json: { email: "change@example.com", password: "change-password-1" } });
    expect(old.status).toBe(401);
    await signIn(t, "change@example.com", "change-password-2");
    const [log] = await t.deps.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.actionType, "password_changed"), eq(activityLogs.userEmail, "change@example.com")));
    expect(log?.details).toEqual({ otherSessionsEnded: 1 });
  });

  it("keeps a staff session's second factor: the admin area stays open after the change", async () => {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "change-admin@example.com", password: "change-admin-1", name: "C" }, "test");
    const cookie = await signIn(t, "change-admin@example.com", "change-admin-1");
    const res = await t
      .client(cookie)
      .auth["change-password"].$post({ json: { currentPassword: "change-admin-1", newPassword: "change-admin-2" } });
    expect(res.status).toBe(200);
    expect((await t.client(cookie).admin.users.$get({ query: {} })).status).toBe(200);
  });
});

describe("the account's sessions", () => {
  const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
  const SAFARI_IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  type Listed = { id: string; browser: string | null; os: string | null; ipAddress: string | null; current: boolean; lastSeenAt: string };

  async function signInFrom(email: string, userAgent: string, address: string): Promise<string> {
    const res = await t.api.auth["sign-in"].email.$post(
      { json: { email, password: "sessions-pass" } },
      { headers: { "user-agent": userAgent, "x-forwarded-for": address } },
    );
    expect(res.status).toBe(200);
    return cookieFrom(res);
  }

  async function list(cookie: string): Promise<Listed[]> {
    const res = await t.client(cookie).me.sessions.$get();
    expect(res.status).toBe(200);
    return (await res.json()).sessions;
  }

  it("lists each with its device, address and last use, and marks this one", async () => {
    expect((await t.api.me.sessions.$get()).status).toBe(401);
    await signUp(t, "sessions@example.com", "sessions-pass");
    const laptop = await signInFrom("sessions@example.com", FIREFOX_WINDOWS, "203.0.113.10");
    await signInFrom("sessions@example.com", SAFARI_IPHONE, "198.51.100.20");
    const listed = await list(laptop);
    expect(listed).toHaveLength(2);
    expect(listed.find((s) => s.current)).toMatchObject({ browser: "Firefox", os: "Windows", ipAddress: "203.0.113.10" });
    expect(listed.find((s) => !s.current)).toMatchObject({ browser: "Safari", os: "iPhone", ipAddress: "198.51.100.20" });
  });

  it("signs one out, refuses another account's session, and signs out everywhere else", async () => {
    await signUp(t, "sessions-end@example.com", "sessions-pass");
    await signUp(t, "sessions-other@example.com", "sessions-pass");
    const here = await signInFrom("sessions-end@example.com", FIREFOX_WINDOWS, "203.0.113.11");
    const phone = await signInFrom("sessions-end@example.com", SAFARI_IPHONE, "198.51.100.21");
    const tablet = await signInFrom("sessions-end@example.com", SAFARI_IPHONE, "198.51.100.22");
    const stranger = await signInFrom("sessions-other@example.com", FIREFOX_WINDOWS, "203.0.113.12");

    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    const ended = await t.client(here).me.sessions[":id"].$delete({ param: { id: phoneId } });
    expect(ended.status).toBe(200);
    expect(await (await t.client(phone).me.$get()).json()).toEqual({ user: null });
    expect((await t.client(here).me.sessions[":id"].$delete({ param: { id: phoneId } })).status).toBe(404);

    const strangerId = (await list(stranger))[0]!.id;
    const refused = await t.client(here).me.sessions[":id"].$delete({ param: { id: strangerId } });
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).code).toBe("SESSION_NOT_FOUND");
    expect(await (await t.client(stranger).me.$get()).json()).not.toEqual({ user: null });

    const others = await t.client(here).me.sessions["end-others"].$post();
    expect(await others.json()).toEqual({ ended: 1 });
    expect(await (await t.client(tablet).me.$get()).json()).toEqual({ user: null });
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
    const logs = await t.deps.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.actionType, "sessions_signed_out"), eq(activityLogs.userEmail, "sessions-end@example.com")));
    expect(logs.map((l) => l.details)).toEqual([{ ended: 1 }, { ended: 1 }]);
  });

  it("shows when each session was last used, to within minutes", async () => {
    await signUp(t, "seen@example.com", "sessions-pass");
    const cookie = await signInFrom("seen@example.com", FIREFOX_WINDOWS, "203.0.113.13");
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "seen@example.com"));
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await t.deps.db.update(sessions).set({ updatedAt: hourAgo }).where(eq(sessions.userId, user!.id));
    const [seen] = await list(cookie);
    expect(Date.now() - new Date(seen!.lastSeenAt).getTime()).toBeLessThan(10 * 60_000);
  });
});
