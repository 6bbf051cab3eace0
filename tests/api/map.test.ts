import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAP_STYLE_URL } from "../../src/server/config.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

/** The CSP's directives by name, each with its sources. */
function cspOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("map settings and the CSP", () => {
  let plain: TestApp;
  let custom: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    // A second app over the same database: only the settings differ.
    custom = await createTestApp(
      { MAP_STYLE_URL: "https://maps.example.com/styles/streets.json?key=abc", MAP_TILE_HOSTS: "tiles.example.net,*.glyphs.example.org" },
      plain.database,
    );
  });
  afterAll(async () => {
    await plain.close();
    await custom.close();
  });

  it("tells the browser the default public style when MAP_STYLE_URL is unset, and allows only its host", async () => {
    const res = await plain.api.map.config.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ styleUrl: DEFAULT_MAP_STYLE_URL });
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const csp = cspOf(res);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://tiles.openfreemap.org"]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
  });

  it("tells the browser the configured style and lets it reach only the style's and the tile hosts", async () => {
    const res = await custom.api.map.config.$get();
    expect(await res.json()).toEqual({ styleUrl: "https://maps.example.com/styles/streets.json?key=abc" });
    // Every page carries the same policy: the client's pages, the API and the docs.
    for (const path of ["/api/map/config", "/api/hotels/search?destination=Paris", "/api/docs"]) {
      const csp = cspOf(await custom.request("GET", path));
      const connect = csp.get("connect-src") ?? [];
      expect(connect, path).toEqual(["'self'", "https://maps.example.com", "https://tiles.example.net", "https://*.glyphs.example.org"]);
      expect(connect, path).not.toContain("https:");
      expect(csp.get("img-src"), path).toEqual(expect.arrayContaining(["https://maps.example.com", "https://tiles.example.net"]));
      expect(csp.get("worker-src"), path).toEqual(["'self'", "blob:"]);
      // Scripts stay our own: the map brings no script host.
      expect(csp.get("script-src"), path).toEqual(["'self'"]);
    }
    // The other app, with the default style, does not let the browser reach this one's hosts.
    expect(cspOf(await plain.request("GET", "/api/map/config")).get("connect-src")).not.toContain("https://maps.example.com");
  });

  it("allows a local (http) style's origin, port included, as the e2e tests use", async () => {
    const local = await createTestApp({ MAP_STYLE_URL: "http://127.0.0.1:45678/style.json" }, plain.database);
    const csp = cspOf(await local.request("GET", "/api/map/config"));
    expect(csp.get("connect-src")).toEqual(["'self'", "http://127.0.0.1:45678"]);
    expect(csp.get("img-src")).toContain("http://127.0.0.1:45678");
  });
});
