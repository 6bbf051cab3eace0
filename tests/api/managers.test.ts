import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, hotelManagers, roleChanges, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, createHotel } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

// Top-level: the scope matrix below is built from the app's own route table.
const t: TestApp = await createTestApp();
let admin: string;
let user: string;
let managerA: string;
let managerB: string;
let hotelA: HotelRow;
let hotelA2: HotelRow;
let hotelB: HotelRow;

type UserView = { id: string; role: string; managedHotels: { id: number; name: string }[] };

async function idOf(email: string): Promise<string> {
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

async function setHotels(cookie: string, email: string, hotelIds: unknown, reason?: string): Promise<Response> {
  return t.request("PUT", `/api/admin/users/${await idOf(email)}/hotels`, { cookie, body: { hotelIds, ...(reason ? { reason } : {}) } });
}

beforeAll(async () => {
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "chief@example.com", password: "chief-password", name: "Chief" }, "test");
  admin = await signIn(t, "chief@example.com", "chief-password");
  hotelA = await createHotel(t.deps.db, { name: "Alpha Hotel" });
  hotelA2 = await createHotel(t.deps.db, { name: "Alpha Annex" });
  hotelB = await createHotel(t.deps.db, { name: "Bravo Hotel" });
  for (const email of ["plain-m@example.com", "manager-a@example.com", "manager-b@example.com", "grantee@example.com"]) {
    await signUp(t, email);
  }
  user = await signIn(t, "plain-m@example.com");
  expect((await setHotels(admin, "manager-a@example.com", [hotelA.id, hotelA2.id])).status).toBe(200);
  expect((await setHotels(admin, "manager-b@example.com", [hotelB.id])).status).toBe(200);
  managerA = await signIn(t, "manager-a@example.com");
  managerB = await signIn(t, "manager-b@example.com");
  // Sign-ins hash passwords (argon2id) and enrol two-factor: slow on a busy machine.
}, 120_000);
afterAll(() => t.close());

describe("granting managers", () => {
  it("makes a user the manager of several hotels, recorded in role history and the activity log", async () => {
    const res = await setHotels(admin, "grantee@example.com", [hotelB.id, hotelA.id, hotelA.id], "Runs the Alpha and Bravo desks");
    expect(res.status).toBe(200);
    const { user: view } = (await res.json()) as { user: UserView };
    expect(view.role).toBe("manager");
    expect(view.managedHotels.map((h) => h.name)).toEqual(["Alpha Hotel", "Bravo Hotel"]);
    const [change] = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "grantee@example.com"));
    expect(change).toMatchObject({
      previousRole: "user",
      newRole: "manager",
      changedByEmail: "chief@example.com",
      reason: "Runs the Alpha and Bravo desks",
    });
    const [log] = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.targetUserEmail, "grantee@example.com"));
    expect(log).toMatchObject({ actionType: "manager_hotels_changed", userEmail: "chief@example.com" });
    expect(log?.details).toMatchObject({ from: "user", to: "manager", removed: [] });
    const list = (await (await t.request("GET", "/api/admin/users?search=grantee", { cookie: admin })).json()) as { users: UserView[] };
    expect(list.users[0]).toMatchObject({ role: "manager", managedHotels: [{ name: "Alpha Hotel" }, { name: "Bravo Hotel" }] });

    // The role applies at the next request, and like an admin's it waits for two-factor sign-in.
    const first = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "grantee@example.com", password: "secret123" } });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = (await (await t.request("GET", "/api/me", { cookie })).json()) as {
      user: { canManageHotels: boolean; twoFactorSetupRequired: boolean };
    };
    expect(me.user).toMatchObject({ canManageHotels: true, twoFactorSetupRequired: true });
    const early = await t.request("GET", `/api/properties/hotels/${hotelA.id}/front-desk`, { cookie });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("TWO_FACTOR_REQUIRED");
    const enrolled = await signIn(t, "grantee@example.com");
    expect((await t.request("GET", `/api/properties/hotels/${hotelA.id}/front-desk`, { cookie: enrolled })).status).toBe(200);
  });

  it("changes a manager's hotels: their sessions end, the removed hotel is refused, the role history is untouched", async () => {
    const historyBefore = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "grantee@example.com"));
    const before = await signIn(t, "grantee@example.com");
    const res = await setHotels(admin, "grantee@example.com", [hotelB.id]);
    expect(((await res.json()) as { user: UserView }).user.managedHotels.map((h) => h.id)).toEqual([hotelB.id]);
    expect((await t.request("GET", `/api/properties/hotels/${hotelB.id}/front-desk`, { cookie: before })).status).toBe(401);
    const cookie = await signIn(t, "grantee@example.com");
    expect((await t.request("GET", `/api/properties/hotels/${hotelA.id}/front-desk`, { cookie })).status).toBe(403);
    expect((await t.request("GET", `/api/properties/hotels/${hotelB.id}/front-desk`, { cookie })).status).toBe(200);
    expect(await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "grantee@example.com"))).toHaveLength(
      historyBefore.length,
    );
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "manager_hotels_changed"));
    expect(logs.at(-1)?.details).toMatchObject({
      from: "manager",
      to: "manager",
      added: [],
      removed: [{ id: hotelA.id, name: "Alpha Hotel" }],
    });
  });

  it("revokes: no hotel left makes the manager a regular user again, out of property management", async () => {
    const before = await signIn(t, "grantee@example.com");
    const res = await setHotels(admin, "grantee@example.com", [], "Left the company");
    expect((await t.request("GET", `/api/properties/hotels/${hotelB.id}/front-desk`, { cookie: before })).status).toBe(401);
    const cookie = await signIn(t, "grantee@example.com");
    expect(((await res.json()) as { user: UserView }).user).toMatchObject({ role: "user", managedHotels: [] });
    expect(
      await t.deps.db
        .select()
        .from(hotelManagers)
        .where(eq(hotelManagers.userId, await idOf("grantee@example.com"))),
    ).toEqual([]);
    expect((await t.request("GET", `/api/properties/hotels/${hotelB.id}/front-desk`, { cookie })).status).toBe(403);
    const history = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "grantee@example.com"));
    expect(history.at(-1)).toMatchObject({ previousRole: "manager", newRole: "user", reason: "Left the company" });
  });

  it("promoting a manager to admin ends their grants (admins run every hotel)", async () => {
    await signUp(t, "rising@example.com");
    await setHotels(admin, "rising@example.com", [hotelA.id]);
    const res = await t.request("POST", `/api/admin/users/${await idOf("rising@example.com")}/role`, {
      cookie: admin,
      body: { role: "admin" },
    });
    expect(((await res.json()) as { user: UserView }).user).toMatchObject({ role: "admin", managedHotels: [] });
    expect(
      await t.deps.db
        .select()
        .from(hotelManagers)
        .where(eq(hotelManagers.userId, await idOf("rising@example.com"))),
    ).toEqual([]);
  });

  it("refuses with a clear 400: unknown hotels, an admin, oneself, and malformed lists; only admins may grant", async () => {
    const unknown = await setHotels(admin, "plain-m@example.com", [hotelA.id, 999_999]);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe("No hotel has the id 999999. Refresh the list and choose again.");
    expect((await setHotels(admin, "chief@example.com", [hotelA.id])).status).toBe(400);
    await signUp(t, "second-admin@example.com");
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "second-admin@example.com", password: "x", name: "Second" }, "test");
    const adminTarget = await setHotels(admin, "second-admin@example.com", [hotelA.id]);
    expect(adminTarget.status).toBe(400);
    expect(((await adminTarget.json()) as { code: string }).code).toBe("ADMIN_MANAGES_ALL");
    expect((await setHotels(admin, "plain-m@example.com", ["1"])).status).toBe(400);
    expect((await setHotels(admin, "plain-m@example.com", "all")).status).toBe(400);
    expect((await setHotels(managerA, "plain-m@example.com", [hotelA.id])).status).toBe(403);
    const [plain] = await t.deps.db.select().from(users).where(eq(users.email, "plain-m@example.com"));
    expect(plain?.role).toBe("user");
  });
});

/** Every endpoint the app serves under a prefix, with its path parameters filled in. */
function endpointsUnder(prefix: string): [string, string][] {
  const seen = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === "ALL" || !route.path.startsWith(prefix) || route.path.includes("*")) continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen].sort().map((r) => r.split(" ") as [string, string]);
}

/** Fills path parameters: the hotel given for :hotelId, an id no record has for the others. */
function fill(path: string, hotelId: number): string {
  return path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_m, name: string) =>
    name === "hotelId" ? String(hotelId) : "00000000-0000-4000-8000-000000000000",
  );
}

const adminEndpoints = endpointsUnder("/api/admin/");
const propertyEndpoints = endpointsUnder("/api/properties/");

describe("a manager's scope, over every route the app serves", () => {
  it("finds the routes to check", () => {
    expect(adminEndpoints.length).toBeGreaterThan(15);
    expect(propertyEndpoints.length).toBeGreaterThanOrEqual(5);
  });

  it.each(adminEndpoints)("%s %s: 403 for a manager, as for a user", async (method, path) => {
    const url = fill(path, hotelA.id);
    const options = method === "GET" ? {} : { body: {} };
    expect((await t.request(method, url, { ...options, cookie: managerA })).status).toBe(403);
    expect((await t.request(method, url, { ...options, cookie: user })).status).toBe(403);
  });

  it.each(propertyEndpoints)(
    "%s %s: allowed for the hotel's manager and admins, 403 for another manager, users; 401 for visitors",
    async (method, path) => {
      const options = method === "GET" ? {} : { body: {} };
      const own = fill(path, hotelA.id);
      const asManager = await t.request(method, own, { ...options, cookie: managerA });
      expect([401, 403], await asManager.clone().text()).not.toContain(asManager.status);
      expect(asManager.status).toBeLessThan(500);
      const asAdmin = await t.request(method, own, { ...options, cookie: admin });
      expect([401, 403]).not.toContain(asAdmin.status);
      expect((await t.request(method, own, { ...options, cookie: user })).status).toBe(403);
      expect((await t.request(method, own, options)).status).toBe(401);
      if (path.includes(":hotelId")) {
        // Manager B runs Bravo only: Alpha's routes are refused, whatever the rest of the request.
        expect((await t.request(method, own, { ...options, cookie: managerB })).status).toBe(403);
        expect((await t.request(method, fill(path, hotelB.id), { ...options, cookie: managerA })).status).toBe(403);
        expect((await t.request(method, fill(path, 999_999), { ...options, cookie: managerA })).status).toBe(403);
      }
    },
  );
});
