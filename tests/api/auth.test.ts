import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, emailOutbox, sessions, users } from "../../src/server/db/schema.ts";
import { type TestApp, cookieFrom, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function actions(email: string): Promise<string[]> {
  const rows = await t.deps.db
    .select({ action: activityLogs.actionType, user: activityLogs.userEmail, target: activityLogs.targetUserEmail })
    .from(activityLogs)
    .orderBy(activityLogs.id);
  return rows.filter((r) => r.user === email || r.target === email).map((r) => r.action);
}

describe("sign up", () => {
  it("creates an ordinary user without signing them in, and logs it", async () => {
    const res = await t.api.auth["sign-up"].email.$post({
      json: { name: "Ada Lovelace", email: "Ada@Example.com", password: "secret123" },
    });
    expect(res.status).toBe(200);
    expect(cookieFrom(res)).not.toContain("session_token");
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(user?.name).toBe("Ada Lovelace");
    expect(user?.role).toBe("user");
    expect(await actions("ada@example.com")).toContain("user_signed_up");
  });

  it.each([
    [{ email: "a@b.co", password: "secret123" }, "name"],
    [{ name: "A", email: "not-an-email", password: "secret123" }, "Enter a valid email address"],
    [{ name: "A", email: "short@example.com", password: "12345" }, "Password must be at least 8 characters"],
    [{ name: "A", email: "long@example.com", password: "x".repeat(129) }, "at most 128"],
    [{ name: "", email: "blank@example.com", password: "secret123" }, "Full name is required"],
  ])("refuses %j with 400 naming the problem", async (body, expected) => {
    // Some of these bodies (no name) do not fit the typed client: the table goes raw.
    const res = await t.request("POST", "/api/auth/sign-up/email", { body });
    expect(res.status).toBe(400);
    const json = await errorOf(res);
    expect(json.code).toBe("VALIDATION_ERROR");
    expect(json.message).toContain(expected);
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await t.request("POST", "/api/auth/sign-up/email", { body: "{not json" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("BAD_REQUEST");
  });

  it("never lets a request choose its role", async () => {
    // Fields the sign-up does not take, which the typed client would not send: raw.
    const res = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Mallory", email: "mallory@example.com", password: "secret123", role: "admin", banned: false },
    });
    expect(res.status).toBe(200);
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, "mallory@example.com"));
    expect(user?.role).toBe("user");
    const cookie = await signIn(t, "mallory@example.com");
    for (const [path, body] of [
      ["/api/auth/update-user", { role: "admin" }],
      ["/api/auth/admin/set-role", { userId: user!.id, role: "admin" }],
      ["/api/auth/admin/create-user", { email: "x@example.com", password: "secret123", name: "X", role: "admin" }],
    ] as const) {
      // Routes the API does not have: only a raw request can ask for them.
      const r = await t.request("POST", path, { body, cookie });
      expect(r.status, path).toBe(404);
    }
    const me = await t.client(cookie).me.$get();
    expect((await me.json()).user).toMatchObject({ role: "user", isAdmin: false });
  });

  it("answers a taken address like a new one, and tells the owner instead", async () => {
    await signUp(t, "taken@example.com");
    const res = await t.api.auth["sign-up"].email.$post({
      json: { name: "Someone Else", email: "taken@example.com", password: "other-password" },
    });
    expect(res.status).toBe(200);
    const count = await t.deps.db.select().from(users).where(eq(users.email, "taken@example.com"));
    expect(count).toHaveLength(1);
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "taken@example.com"));
    expect(mails.map((m) => m.kind)).toContain("sign_up_existing_email");
    // The original password still works.
    await signIn(t, "taken@example.com");
  });
});

describe("sign in and out", () => {
  it("signs in with an httpOnly session cookie, reports the user, signs out and logs each step", async () => {
    await signUp(t, "grace@example.com", "hopper123", "Grace Hopper");
    const res = await t.api.auth["sign-in"].email.$post({ json: { email: "grace@example.com", password: "hopper123" } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=.*HttpOnly/i);
    const cookie = cookieFrom(res);
    const me = await t.client(cookie).me.$get();
    expect(await me.json()).toEqual({
      user: {
        id: expect.any(String),
        name: "Grace Hopper",
        email: "grace@example.com",
        role: "user",
        isAdmin: false,
        canManageHotels: false,
        canUseFrontDesk: false,
        twoFactorEnabled: false,
        twoFactorSetupRequired: false,
      },
    });
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, "grace@example.com"));
    expect(user?.lastSignInAt).toBeInstanceOf(Date);

    const out = await t.client(cookie).auth["sign-out"].$post();
    expect(out.status).toBe(200);
    const after = await t.client(cookie).me.$get();
    expect(await after.json()).toEqual({ user: null });
    expect(await actions("grace@example.com")).toEqual(["user_signed_up", "user_signed_in", "user_signed_out"]);
  });

  it("refuses a wrong password with 401 'Invalid email or password' and logs the failure", async () => {
    await signUp(t, "wrong@example.com");
    const res = await t.api.auth["sign-in"].email.$post({ json: { email: "wrong@example.com", password: "nope-nope" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "Invalid email or password" });
    const unknown = await t.api.auth["sign-in"].email.$post({ json: { email: "nobody@example.com", password: "nope-nope" } });
    expect(unknown.status).toBe(401);
    expect(await actions("wrong@example.com")).toContain("sign_in_failed");
  });

  it("requires email and password", async () => {
    // Without its password the body does not fit the typed client: sent raw.
    const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "a@example.com" } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("password");
  });

  it("keeps a disabled user out and ends their sessions at once", async () => {
    await signUp(t, "banned@example.com");
    const cookie = await signIn(t, "banned@example.com");
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, "banned@example.com"));
    await t.deps.db.update(users).set({ banned: true }).where(eq(users.id, user!.id));
    // Even a session that still exists gives no access once the user is banned.
    const me = await t.client(cookie).me.$get();
    expect(await me.json()).toEqual({ user: null });
    const res = await t.api.auth["sign-in"].email.$post({ json: { email: "banned@example.com", password: "secret123" } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/disabled/);
    const live = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(live.length).toBeLessThanOrEqual(1);
  });
});

describe("password reset", () => {
  async function resetLinkFor(email: string): Promise<string> {
    const [mail] = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password_reset")))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const link = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    return link!;
  }

  it("answers the same for known and unknown addresses, and mails only real accounts", async () => {
    await signUp(t, "reset@example.com", "old-password");
    const known = await t.api.auth["request-password-reset"].$post({ json: { email: "reset@example.com" } });
    const unknown = await t.api.auth["request-password-reset"].$post({ json: { email: "ghost@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const ghostMail = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ghost@example.com"));
    expect(ghostMail).toHaveLength(0);
    expect(await actions("reset@example.com")).toContain("password_reset_requested");
  });

  it("writes the account e-mails in the language of the request, English without one", async () => {
    const mailTo = async (email: string, kind: string) =>
      (
        await t.deps.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
      )[0];
    await t.api.auth["sign-up"].email.$post(
      { json: { name: "Lucía", email: "lucia@example.com", password: "secret-123" } },
      { headers: { "accept-language": "es-ES,es;q=0.9" } },
    );
    expect((await mailTo("lucia@example.com", "welcome"))?.subject).toBe("Te damos la bienvenida a Staywise");
    // The app's own cookie wins over the browser's languages.
    await t
      .client("staywise_lang=de")
      .auth["request-password-reset"].$post({ json: { email: "lucia@example.com" } }, { headers: { "accept-language": "es-ES" } });
    const reset = await mailTo("lucia@example.com", "password_reset");
    expect(reset?.subject).toBe("Setzen Sie Ihr Staywise-Passwort zurück");
    expect(reset?.textBody).toContain("Hallo Lucía,");
    await signUp(t, "plain@example.com");
    expect((await mailTo("plain@example.com", "welcome"))?.subject).toBe("Welcome to Staywise");
  });

  it("sets a new password through the e-mailed link, ends old sessions, and the link works once", async () => {
    await signUp(t, "reset2@example.com", "old-password");
    const oldCookie = await signIn(t, "reset2@example.com", "old-password");
    await t.api.auth["request-password-reset"].$post({ json: { email: "reset2@example.com" } });
    const link = new URL(await resetLinkFor("reset2@example.com"));
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\//);
    // The e-mailed link, followed as it is.
    const redirect = await t.request("GET", link.pathname + link.search);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const done = await t.api.auth["reset-password"].$post({ json: { newPassword: "new-password", token } });
    expect(done.status).toBe(200);
    const me = await t.client(oldCookie).me.$get();
    expect(await me.json()).toEqual({ user: null });
    await signIn(t, "reset2@example.com", "new-password");
    const again = await t.api.auth["reset-password"].$post({ json: { newPassword: "third-password", token } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await actions("reset2@example.com")).toContain("password_reset_completed");
  });
});

describe("rate limits", () => {
  it("stops repeated sign-in attempts for one address with 429", async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" }, t.database);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await strict.api.auth["sign-in"].email.$post(
        { json: { email: "target@example.com", password: `guess-${i}` } },
        { headers: { "x-forwarded-for": `10.0.0.${i}` } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("stops repeated reset requests with 429", async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" }, t.database);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await strict.api.auth["request-password-reset"].$post(
        { json: { email: "flood@example.com" } },
        { headers: { "x-forwarded-for": "10.9.9.9" } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 429, 429]);
  });
});
