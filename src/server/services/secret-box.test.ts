import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

describe("secret box", () => {
  const box = createSecretBox("a".repeat(32), "api-settings");

  it("round-trips and never stores the plain text", () => {
    const sealed = box.seal("hunter2-password");
    expect(sealed).not.toContain("hunter2");
    expect(box.open(sealed)).toBe("hunter2-password");
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses tampered data and other keys", () => {
    const sealed = box.seal("secret");
    const parts = sealed.split(":");
    parts[3] = Buffer.from("forged").toString("base64url");
    expect(() => box.open(parts.join(":"))).toThrow();
    expect(() => createSecretBox("b".repeat(32), "api-settings").open(sealed)).toThrow();
  });
});
