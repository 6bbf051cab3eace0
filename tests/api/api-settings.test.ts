import { type Server, createServer } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiSettings } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { ACTIVE_SETTINGS_TTL_MS } from "../../src/server/services/api-settings.ts";
import { type TestApp, createTestApp, signIn } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let fake: Server;
let fakeUrl: string;
const seenBodies: string[] = [];
const seenUrls: string[] = [];

beforeAll(async () => {
  // A stand-in for the wholesaler's GetLanguages: right credentials get languages, wrong ones an <Error>.
  fake = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seenBodies.push(body);
      seenUrls.push(req.url ?? "");
      const form = new URLSearchParams(body);
      res.writeHead(200, { "content-type": "text/xml" });
      if (form.get("userName") === "agent" && form.get("password") === "s3cret") {
        res.end(
          '<?xml version="1.0"?><languages xmlns="http://xml.sunhotels.net/15/"><language><isoCode>en</isoCode></language><language><isoCode>fr</isoCode></language></languages>',
        );
      } else {
        res.end(
          '<?xml version="1.0"?><Error xmlns="http://xml.sunhotels.net/15/"><ErrorType>Authentication</ErrorType><Message>Invalid username or password</Message></Error>',
        );
      }
    });
  });
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  const address = fake.address();
  const port = typeof address === "object" && address ? address.port : 0;
  fakeUrl = `http://127.0.0.1:${port}/15`;
  // The stand-in is a configured supplier host; so is the dead port the failure case calls.
  t = await createTestApp({ SUPPLIER_HOSTS: `127.0.0.1:${port},127.0.0.1:1` });
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "ops@example.com", password: "ops-password", name: "Ops" }, "test");
  admin = await signIn(t, "ops@example.com", "ops-password");
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => fake.close(r));
});

/** The admin's typed client on the supplier API settings. */
const settingsApi = () => t.client(admin).admin["api-settings"];
const listSettings = async () => bodyOf(await settingsApi().$get());

describe("API settings", () => {
  it("starts empty for both environments", async () => {
    const res = await listSettings();
    expect(res.settings.map((s) => [s.environment, s.passwordSet, s.isActive])).toEqual([
      ["TEST", false, false],
      ["LIVE", false, false],
    ]);
  });

  it("encrypts the password at rest and never sends it back", async () => {
    const res = await settingsApi()[":environment"].$put({
      param: { environment: "TEST" },
      json: { apiUrl: fakeUrl, username: "agent", password: "s3cret", makeActive: false },
    });
    expect(await res.clone().text()).not.toContain("s3cret");
    const body = await bodyOf(res);
    const [row] = await t.deps.db.select().from(apiSettings);
    expect(row?.passwordEncrypted).not.toContain("s3cret");
    expect(body.settings[0]).toMatchObject({ environment: "TEST", passwordSet: true, isActive: false });
  });

  it("keeps the stored password when the field is left blank, and requires one the first time", async () => {
    const keep = await settingsApi()[":environment"].$put({
      param: { environment: "TEST" },
      json: { apiUrl: fakeUrl, username: "agent", password: "", makeActive: false },
    });
    expect(keep.status).toBe(200);
    expect(await (await settingsApi().test.$post({ json: { environment: "TEST" } })).json()).toMatchObject({ success: true });
    const none = await settingsApi()[":environment"].$put({
      param: { environment: "LIVE" },
      json: { apiUrl: fakeUrl, username: "agent", makeActive: false },
    });
    expect(none.status).toBe(400);
  });

  it("Save & Activate makes one environment the only active one; Save keeps the state", async () => {
    await settingsApi()[":environment"].$put({
      param: { environment: "LIVE" },
      json: { apiUrl: fakeUrl, username: "live", password: "p", makeActive: true },
    });
    let s = await listSettings();
    expect(s.settings.map((x) => x.isActive)).toEqual([false, true]);
    await settingsApi()[":environment"].$put({
      param: { environment: "TEST" },
      json: { apiUrl: fakeUrl, username: "agent", makeActive: true },
    });
    s = await listSettings();
    expect(s.settings.map((x) => x.isActive)).toEqual([true, false]);
    await settingsApi()[":environment"].$put({
      param: { environment: "LIVE" },
      json: { apiUrl: fakeUrl, username: "live2", makeActive: false },
    });
    s = await listSettings();
    expect(s.settings.map((x) => x.isActive)).toEqual([true, false]);
  });

  it("tests a connection by POST with the credentials in the body, and reports failures", async () => {
    const ok = await settingsApi().test.$post({ json: { apiUrl: fakeUrl, username: "agent", password: "s3cret" } });
    expect(await ok.json()).toEqual({ success: true, message: "Connected: 2 languages available" });
    expect(seenUrls.at(-1)).toBe("/15/PostGet/StaticXMLAPI.asmx/GetLanguages");
    expect(seenUrls.every((u) => !u.includes("s3cret"))).toBe(true);
    expect(seenBodies.at(-1)).toContain("password=s3cret");
    const wrong = await settingsApi().test.$post({ json: { apiUrl: fakeUrl, username: "agent", password: "nope" } });
    expect(await wrong.json()).toEqual({ success: false, message: "Invalid username or password" });
    const dead = await settingsApi().test.$post({ json: { apiUrl: "http://127.0.0.1:1/15", username: "a", password: "b" } });
    expect(await dead.json()).toMatchObject({ success: false, message: expect.stringMatching(/Could not reach/) });
  });

  it("validates the input", async () => {
    // An environment the route does not name: the typed client cannot send it.
    expect(
      (
        await t.request("PUT", "/api/admin/api-settings/STAGING", {
          cookie: admin,
          body: { apiUrl: fakeUrl, username: "a", password: "b" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await settingsApi()[":environment"].$put({
          param: { environment: "TEST" },
          json: { apiUrl: "javascript:alert(1)", username: "a", password: "b" },
        })
      ).status,
    ).toBe(400);
  });

  it("refuses to save an address the host policy refuses, with the words the call would use", async () => {
    const blocked = "http://10.0.0.5:8080/15";
    const tested = await settingsApi().test.$post({ json: { apiUrl: blocked, username: "agent", password: "s3cret" } });
    const callMessage = (await bodyOf(tested)).message;
    expect(callMessage).toBe("10.0.0.5:8080 is not an allowed supplier host: add it to SUPPLIER_HOSTS to connect to it");

    const before = await listSettings();
    const saved = await settingsApi()[":environment"].$put({
      param: { environment: "TEST" },
      json: { apiUrl: blocked, username: "agent", password: "s3cret", makeActive: true },
    });
    expect(await errorOf(saved, 400)).toMatchObject({ code: "VALIDATION_ERROR", message: callMessage });
    // Nothing was stored.
    expect(await listSettings()).toEqual(before);
  });

  it("reuses the active environment for a second; a save on this instance is used at once", async () => {
    const settings = t.deps.apiSettings;
    let clock = Date.now() + 60_000; // past any earlier read
    const now = vi.spyOn(Date, "now").mockImplementation(() => clock);
    try {
      await t.deps.db.update(apiSettings).set({ isActive: false });
      expect(await settings.active()).toBeNull();
      // Another instance activates TEST: this one keeps its answer until the second is over...
      await t.deps.db.update(apiSettings).set({ isActive: true }).where(eq(apiSettings.environment, "TEST"));
      clock += ACTIVE_SETTINGS_TTL_MS - 1;
      expect(await settings.active()).toBeNull();
      clock += 1;
      expect((await settings.active())?.environment).toBe("TEST");
      // ...while a save through this instance reaches its very next request.
      const saved = await settingsApi()[":environment"].$put({
        param: { environment: "LIVE" },
        json: { apiUrl: fakeUrl, username: "live3", password: "p", makeActive: true },
      });
      expect(saved.status).toBe(200);
      expect(await settings.active()).toMatchObject({ environment: "LIVE", username: "live3" });
    } finally {
      now.mockRestore();
    }
  });
});
