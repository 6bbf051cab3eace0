import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

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
});
