import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** AES-256-GCM with a key derived from the app secret for one purpose; output is "v1:iv:tag:ciphertext" in base64url. */
export function createSecretBox(appSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "staywise", purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(":");
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unreadable secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
