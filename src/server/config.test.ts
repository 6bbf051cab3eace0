import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_STYLE_URL, loadConfig } from "./config.ts";

const base = { APP_SECRET: "x".repeat(32) };

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      seedHotels: 5000,
      databaseUrl: undefined,
      bootstrapAdmin: null,
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ ...base, PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, APP_SECRET: "short" })).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: "a@example.com" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });

  it("treats an empty DATABASE_URL as unset and trims the public URL", () => {
    const config = loadConfig({ ...base, DATABASE_URL: "", PUBLIC_URL: "https://stay.example.com/" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("https://stay.example.com");
  });

  it("serves the supplier sandbox except in production, unless told otherwise", () => {
    expect(loadConfig(base).supplierSandbox).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: "production" }).supplierSandbox).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: "production", SUPPLIER_SANDBOX: "true" }).supplierSandbox).toBe(true);
    expect(loadConfig({ ...base, SUPPLIER_SANDBOX: "false" }).supplierSandbox).toBe(false);
  });

  it("reads DATABASE_READ_URL as a comma-separated list of replicas that needs a primary", () => {
    const primary = { ...base, DATABASE_URL: "postgres://db/app" };
    expect(loadConfig(primary).databaseReadUrls).toEqual([]);
    expect(loadConfig({ ...primary, DATABASE_READ_URL: "" }).databaseReadUrls).toEqual([]);
    expect(loadConfig({ ...primary, DATABASE_READ_URL: " postgres://r1/app , postgresql://r2/app," }).databaseReadUrls).toEqual([
      "postgres://r1/app",
      "postgresql://r2/app",
    ]);
    expect(() => loadConfig({ ...primary, DATABASE_READ_URL: "r1:5432" })).toThrow(/DATABASE_READ_URL must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: "postgres://r1/app" })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
  });

  it("prepares search statements unless DATABASE_PREPARED_STATEMENTS is off", () => {
    expect(loadConfig(base).databasePreparedStatements).toBe(true);
    expect(loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: "false" }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: "maybe" })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it("turns the exchange-rate feed on only with an http(s) FX_RATES_URL", () => {
    expect(loadConfig(base).fxRatesUrl).toBeUndefined();
    expect(loadConfig({ ...base, FX_RATES_URL: "" }).fxRatesUrl).toBeUndefined();
    expect(loadConfig({ ...base, FX_RATES_URL: "https://rates.example.com/daily.json" }).fxRatesUrl).toBe(
      "https://rates.example.com/daily.json",
    );
    expect(() => loadConfig({ ...base, FX_RATES_URL: "file:///etc/passwd" })).toThrow(/FX_RATES_URL must be an http\(s\) URL/);
  });

  it("uses the default public map style, whose own origin is the one map host", () => {
    expect(loadConfig(base).map).toEqual({ styleUrl: DEFAULT_MAP_STYLE_URL, hosts: ["https://tiles.openfreemap.org"] });
    expect(loadConfig({ ...base, MAP_STYLE_URL: "" }).map.styleUrl).toBe(DEFAULT_MAP_STYLE_URL);
  });

  it("takes MAP_STYLE_URL's origin and the MAP_TILE_HOSTS as the map hosts", () => {
    const map = loadConfig({
      ...base,
      MAP_STYLE_URL: "http://127.0.0.1:4567/styles/test.json",
      MAP_TILE_HOSTS: " tiles.example.com, *.cdn.example.net ,http://127.0.0.1:4568,HTTPS://Glyphs.Example.org",
    }).map;
    expect(map.styleUrl).toBe("http://127.0.0.1:4567/styles/test.json");
    expect(map.hosts).toEqual([
      "http://127.0.0.1:4567",
      "https://tiles.example.com",
      "https://*.cdn.example.net",
      "http://127.0.0.1:4568",
      "https://glyphs.example.org",
    ]);
  });

  it("refuses a map style that is not http(s) and map hosts that would add anything else to the CSP", () => {
    expect(() => loadConfig({ ...base, MAP_STYLE_URL: "javascript:alert(1)" })).toThrow(/MAP_STYLE_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ ...base, MAP_STYLE_URL: "not a url" })).toThrow(/MAP_STYLE_URL/);
    for (const bad of [
      "https:",
      "*",
      "tiles.example.com; script-src *",
      "tiles.example.com/path",
      "'unsafe-eval'",
      "ftp://tiles.example.com",
    ]) {
      expect(() => loadConfig({ ...base, MAP_TILE_HOSTS: bad }), bad).toThrow(/MAP_TILE_HOSTS entry must be a host/);
    }
  });
});
