import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, hotelManagers, roleChanges, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, createHotel } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

// Top-level: the scope matrix below is built from the app's own route table.
const t: TestApp = await createTestApp();
let admin: string;
let user: string;
let managerA: string;
let managerB: string;
let deskA: string;
let hotelA: HotelRow;
let hotelA2: HotelRow;
let hotelB: HotelRow;

async function idOf(email: string): Promise<string> {
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

async function setHotels(cookie: string, email: string, hotelIds: number[], reason?: string) {
  return t
    .client(cookie)
    .admin.users[":id"].hotels.$put({ param: { id: await idOf(email) }, json: { hotelIds, ...(reason ? { reason } : {}) } });
}

beforeAll(async () => {
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "chief@example.com", password: "chief-password", name: "Chief" }, "test");
  admin = await signIn(t, "chief@example.com", "chief-password");
  hotelA = await createHotel(t.deps.db, { name: "Alpha Hotel" });
  hotelA2 = await createHotel(t.deps.db, { name: "Alpha Annex" });
  hotelB = await createHotel(t.deps.db, { name: "Bravo Hotel" });
  for (const email of [
    "plain-m@example.com",
    "manager-a@example.com",
    "manager-b@example.com",
    "grantee@example.com",
    "desk-a@example.com",
  ]) {
    await signUp(t, email);
  }
  user = await signIn(t, "plain-m@example.com");
  expect((await setHotels(admin, "manager-a@example.com", [hotelA.id, hotelA2.id])).status).toBe(200);
  expect((await setHotels(admin, "manager-b@example.com", [hotelB.id])).status).toBe(200);
  managerA = await signIn(t, "manager-a@example.com");
  managerB = await signIn(t, "manager-b@example.com");
  // Manager A adds the front desk of Alpha Hotel (decision 064): Alpha's desk, and nothing else.
  const granted = await t.client(managerA).properties.hotels[":hotelId"].staff.$post({
    param: { hotelId: String(hotelA.id) },
    json: { email: "desk-a@example.com", role: "front_desk" },
  });
  expect(granted.status, await granted.clone().text()).toBe(200);
  deskA = await signIn(t, "desk-a@example.com");
  // Sign-ins hash passwords (argon2id) and enrol two-factor: slow on a busy machine.
}, 120_000);
afterAll(() => t.close());

describe("granting managers", () => {
  it("makes a user the manager of several hotels, recorded in role history and the activity log", async () => {
    const res = await setHotels(admin, "grantee@example.com", [hotelB.id, hotelA.id, hotelA.id], "Runs the Alpha and Bravo desks");
    expect(res.status).toBe(200);
    const { user: view } = await res.json();
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
    const list = await (await t.client(admin).admin.users.$get({ query: { search: "grantee" } })).json();
    expect(list.users[0]).toMatchObject({ role: "manager", managedHotels: [{ name: "Alpha Hotel" }, { name: "Bravo Hotel" }] });

    // The role applies at the next request, and like an admin's it waits for two-factor sign-in.
    const first = await t.api.auth["sign-in"].email.$post({ json: { email: "grantee@example.com", password: "secret123" } });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await (await t.client(cookie).me.$get()).json();
    expect(me.user).toMatchObject({ canManageHotels: true, twoFactorSetupRequired: true });
    const early = await t
      .client(cookie)
      .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelA.id) }, query: {} });
    expect(early.status).toBe(403);
    expect((await errorOf(early)).code).toBe("TWO_FACTOR_REQUIRED");
    const enrolled = await signIn(t, "grantee@example.com");
    expect(
      (await t.client(enrolled).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelA.id) }, query: {} }))
        .status,
    ).toBe(200);
  });

  it("changes a manager's hotels: their sessions end, the removed hotel is refused, the role history is untouched", async () => {
    const historyBefore = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "grantee@example.com"));
    const before = await signIn(t, "grantee@example.com");
    const res = await setHotels(admin, "grantee@example.com", [hotelB.id]);
    expect((await res.json()).user.managedHotels.map((h) => h.id)).toEqual([hotelB.id]);
    expect(
      (await t.client(before).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelB.id) }, query: {} }))
        .status,
    ).toBe(401);
    const cookie = await signIn(t, "grantee@example.com");
    expect(
      (await t.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelA.id) }, query: {} }))
        .status,
    ).toBe(403);
    expect(
      (await t.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelB.id) }, query: {} }))
        .status,
    ).toBe(200);
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
    expect(
      (await t.client(before).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelB.id) }, query: {} }))
        .status,
    ).toBe(401);
    const cookie = await signIn(t, "grantee@example.com");
    expect((await res.json()).user).toMatchObject({ role: "user", managedHotels: [] });
    expect(
      await t.deps.db
        .select()
        .from(hotelManagers)
        .where(eq(hotelManagers.userId, await idOf("grantee@example.com"))),
    ).toEqual([]);
    expect(
      (await t.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelB.id) }, query: {} }))
        .status,
    ).toBe(403);
    const history = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "grantee@example.com"));
    expect(history.at(-1)).toMatchObject({ previousRole: "manager", newRole: "user", reason: "Left the company" });
  });

  it("promoting a manager to admin ends their grants (admins run every hotel)", async () => {
    await signUp(t, "rising@example.com");
    await setHotels(admin, "rising@example.com", [hotelA.id]);
    const res = await t
      .client(admin)
      .admin.users[":id"].role.$post({ param: { id: await idOf("rising@example.com") }, json: { role: "admin" } });
    expect((await res.json()).user).toMatchObject({ role: "admin", managedHotels: [] });
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
    expect((await errorOf(unknown)).message).toBe("No hotel has the id 999999. Refresh the list and choose again.");
    expect((await setHotels(admin, "chief@example.com", [hotelA.id])).status).toBe(400);
    await signUp(t, "second-admin@example.com");
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "second-admin@example.com", password: "x", name: "Second" }, "test");
    const adminTarget = await setHotels(admin, "second-admin@example.com", [hotelA.id]);
    expect(adminTarget.status).toBe(400);
    expect((await errorOf(adminTarget)).code).toBe("ADMIN_MANAGES_ALL");
    // Malformed lists do not fit the typed client: sent raw.
    const plainId = await idOf("plain-m@example.com");
    for (const hotelIds of [["1"], "all"]) {
      const res = await t.request("PUT", `/api/admin/users/${plainId}/hotels`, { cookie: admin, body: { hotelIds } });
      expect(res.status, JSON.stringify(hotelIds)).toBe(400);
    }
    expect((await setHotels(managerA, "plain-m@example.com", [hotelA.id])).status).toBe(403);
    const [plain] = await t.deps.db.select().from(users).where(eq(users.email, "plain-m@example.com"));
    expect(plain?.role).toBe("user");
  });
});

/**
 * Every endpoint the app serves under a prefix, with its path parameters filled in. The scope
 * tables below try them all as each role; their paths are data, so they go raw.
 */
function endpointsUnder(prefix: string): [string, string][] {
  const seen = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === "ALL" || !route.path.startsWith(prefix) || route.path.includes("*")) continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen].sort().map((r): [string, string] => [r.split(" ")[0]!, r.split(" ")[1]!]);
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

  it.each(adminEndpoints)("%s %s: 403 for a manager and the front desk, as for a user", async (method, path) => {
    const url = fill(path, hotelA.id);
    const options = method === "GET" ? {} : { body: {} };
    expect((await t.request(method, url, { ...options, cookie: managerA })).status).toBe(403);
    expect((await t.request(method, url, { ...options, cookie: deskA })).status).toBe(403);
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

/**
 * What a front-desk grant opens (decision 064), written out here rather than read from the app: a
 * route that joins the desk's list there without joining this one fails the matrix below.
 */
const FRONT_DESK_ALLOWED = new Set([
  "GET /api/properties/front-desk/hotels",
  "GET /api/properties/hotels/:hotelId/front-desk",
  "POST /api/properties/hotels/:hotelId/front-desk/bookings/:bookingId/check-in",
  "POST /api/properties/hotels/:hotelId/front-desk/bookings/:bookingId/check-out",
  "POST /api/properties/hotels/:hotelId/front-desk/bookings/:bookingId/no-show",
  "POST /api/properties/hotels/:hotelId/front-desk/phone-bookings",
  "POST /api/properties/hotels/:hotelId/front-desk/quote",
  "GET /api/properties/hotels/:hotelId/invoices",
  "GET /api/properties/hotels/:hotelId/invoices/:invoiceId/pdf",
  "GET /api/properties/hotels/:hotelId/billing/:reference",
  "PUT /api/properties/hotels/:hotelId/billing/:reference",
  "POST /api/properties/hotels/:hotelId/billing/:reference/invoice",
]);

function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, ":$1")}`;
}

describe("the front desk's scope, over every route the app serves", () => {
  it("lists only routes the app serves", () => {
    const served = new Set(propertyEndpoints.map(([method, path]) => routeKey(method, path)));
    expect([...FRONT_DESK_ALLOWED].filter((route) => !served.has(route))).toEqual([]);
  });

  it.each(propertyEndpoints)("%s %s: the desk's routes for its own hotel only, everything else refused", async (method, path) => {
    const options = method === "GET" ? {} : { body: {} };
    const own = await t.request(method, fill(path, hotelA.id), { ...options, cookie: deskA });
    if (FRONT_DESK_ALLOWED.has(routeKey(method, path))) {
      expect([401, 403], await own.clone().text()).not.toContain(own.status);
      expect(own.status).toBeLessThan(500);
      if (path.includes(":hotelId")) {
        expect((await t.request(method, fill(path, hotelB.id), { ...options, cookie: deskA })).status).toBe(403);
        expect((await t.request(method, fill(path, hotelA2.id), { ...options, cookie: deskA })).status).toBe(403);
        expect((await t.request(method, fill(path, 999_999), { ...options, cookie: deskA })).status).toBe(403);
      }
    } else {
      expect([403, 404], await own.clone().text()).toContain(own.status);
      expect((await t.request(method, fill(path, hotelB.id), { ...options, cookie: deskA })).status).toBe(403);
    }
  });
});

describe("a hotel's staff (decision 064)", () => {
  async function staffOf(hotelId: number, cookie: string): Promise<{ email: string; role: string }[]> {
    const res = await t.client(cookie).properties.hotels[":hotelId"].staff.$get({ param: { hotelId: String(hotelId) } });
    expect(res.status).toBe(200);
    return (await res.json()).staff;
  }

  it("lists the hotel's managers and front desk; the grant made the account front desk, recorded and logged", async () => {
    expect(await staffOf(hotelA.id, managerA)).toMatchObject([
      { email: "manager-a@example.com", role: "manager" },
      { email: "desk-a@example.com", role: "front_desk" },
    ]);
    const [account] = await t.deps.db.select().from(users).where(eq(users.email, "desk-a@example.com"));
    expect(account?.role).toBe("front_desk");
    const [change] = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "desk-a@example.com"));
    expect(change).toMatchObject({ previousRole: "user", newRole: "front_desk", changedByEmail: "manager-a@example.com" });
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.targetUserEmail, "desk-a@example.com"));
    expect(logs.find((l) => l.actionType === "hotel_staff_granted")?.details).toMatchObject({
      hotelId: hotelA.id,
      role: "front_desk",
      from: "user",
      to: "front_desk",
    });
    const me = await (await t.client(deskA).me.$get()).json();
    expect(me.user).toMatchObject({ role: "front_desk", canManageHotels: false, canUseFrontDesk: true });
    const desks = await (await t.client(deskA).properties["front-desk"].hotels.$get()).json();
    expect(desks.hotels.map((h) => h.id)).toEqual([hotelA.id]);
  });

  it("a manager adds front desk only, removes front desk only, and only at their own hotel; the front desk manages no staff", async () => {
    const asManager = await t.client(managerA).properties.hotels[":hotelId"].staff.$post({
      param: { hotelId: String(hotelA.id) },
      json: { email: "plain-m@example.com", role: "manager" },
    });
    expect(asManager.status).toBe(403);
    const removeManager = await t.client(managerA).properties.hotels[":hotelId"].staff[":userId"].$delete({
      param: { hotelId: String(hotelA.id), userId: await idOf("manager-a@example.com") },
    });
    expect(removeManager.status).toBe(400);
    const otherManager = await t.client(managerA).properties.hotels[":hotelId"].staff[":userId"].$delete({
      param: { hotelId: String(hotelB.id), userId: await idOf("manager-b@example.com") },
    });
    expect(otherManager.status).toBe(403);
    const byDesk = await t.client(deskA).properties.hotels[":hotelId"].staff.$post({
      param: { hotelId: String(hotelA.id) },
      json: { email: "plain-m@example.com", role: "front_desk" },
    });
    expect(byDesk.status).toBe(403);
    const unknown = await t.client(managerA).properties.hotels[":hotelId"].staff.$post({
      param: { hotelId: String(hotelA.id) },
      json: { email: "nobody-here@example.com", role: "front_desk" },
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("STAFF_USER_NOT_FOUND");
    const anAdmin = await t.client(managerA).properties.hotels[":hotelId"].staff.$post({
      param: { hotelId: String(hotelA.id) },
      json: { email: "chief@example.com", role: "front_desk" },
    });
    expect((await errorOf(anAdmin)).code).toBe("ADMIN_MANAGES_ALL");
    // A role the typed client would not let through: sent raw.
    const bad = await t.request("POST", `/api/properties/hotels/${hotelA.id}/staff`, {
      cookie: managerA,
      body: { email: "x", role: "owner" },
    });
    expect(bad.status).toBe(400);
    const [plain] = await t.deps.db.select().from(users).where(eq(users.email, "plain-m@example.com"));
    expect(plain?.role).toBe("user");
  });

  it("an admin makes the front desk a manager of the hotel, and the manager's desk grant cannot be made smaller by a manager", async () => {
    await signUp(t, "desk-to-manager@example.com");
    const add = (cookie: string, role: "manager" | "front_desk") =>
      t.client(cookie).properties.hotels[":hotelId"].staff.$post({
        param: { hotelId: String(hotelB.id) },
        json: { email: "desk-to-manager@example.com", role },
      });
    expect((await add(managerB, "front_desk")).status).toBe(200);
    expect((await add(admin, "manager")).status).toBe(200);
    expect(await staffOf(hotelB.id, admin)).toContainEqual(
      expect.objectContaining({ email: "desk-to-manager@example.com", role: "manager" }),
    );
    const [account] = await t.deps.db.select().from(users).where(eq(users.email, "desk-to-manager@example.com"));
    expect(account?.role).toBe("manager");
    const down = await add(managerB, "front_desk");
    expect(down.status).toBe(409);
    expect((await errorOf(down)).code).toBe("STAFF_ALREADY_MANAGER");
  });

  it("removing the front desk's last hotel makes them a regular user: refused at once, logged", async () => {
    await signUp(t, "desk-leaving@example.com");
    expect(
      (
        await t.client(managerA).properties.hotels[":hotelId"].staff.$post({
          param: { hotelId: String(hotelA.id) },
          json: { email: "desk-leaving@example.com", role: "front_desk" },
        })
      ).status,
    ).toBe(200);
    const cookie = await signIn(t, "desk-leaving@example.com");
    expect(
      (await t.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelA.id) }, query: {} }))
        .status,
    ).toBe(200);
    const removed = await t.client(managerA).properties.hotels[":hotelId"].staff[":userId"].$delete({
      param: { hotelId: String(hotelA.id), userId: await idOf("desk-leaving@example.com") },
    });
    expect(removed.status).toBe(200);
    expect((await removed.json()).staff.map((s) => s.email)).not.toContain("desk-leaving@example.com");
    // The role change ended the sessions; a new one is an ordinary user's.
    expect(
      (await t.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelA.id) }, query: {} }))
        .status,
    ).toBe(401);
    const again = await signIn(t, "desk-leaving@example.com");
    expect(
      (await t.client(again).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelA.id) }, query: {} })).status,
    ).toBe(403);
    const [account] = await t.deps.db.select().from(users).where(eq(users.email, "desk-leaving@example.com"));
    expect(account?.role).toBe("user");
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.targetUserEmail, "desk-leaving@example.com"));
    expect(logs.find((l) => l.actionType === "hotel_staff_removed")).toMatchObject({
      userEmail: "manager-a@example.com",
      details: expect.objectContaining({ hotelId: hotelA.id, role: "front_desk", from: "front_desk", to: "user" }),
    });
  });
});
