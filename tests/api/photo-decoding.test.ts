import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

// One decode slot per account, two in all, no waiting: every refusal below is decided by the queue's
// state when the photo arrives, never by how long a decode takes.
const dataDir = path.join(os.tmpdir(), `staywise-photo-decoding-${process.pid}-${Date.now()}`);
let t: TestApp;
let hotelId: number;
let small: Buffer;

beforeAll(async () => {
  t = await createTestApp({
    DATA_DIR: dataDir,
    PHOTO_DECODE_SLOTS: "2",
    PHOTO_DECODE_SLOTS_PER_ACCOUNT: "1",
    PHOTO_DECODE_QUEUE: "0",
    PHOTO_DECODE_QUEUE_PER_ACCOUNT: "0",
  });
  hotelId = (await createHotel(t.deps.db, { name: "Decode Hotel" })).id;
  small = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function form(photo: Buffer, name: string, extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  data.append("photos", new File([new Uint8Array(photo)], name, { type: name.endsWith(".png") ? "image/png" : "image/jpeg" }));
  return data;
}

function post(url: string, body: FormData, cookie: string): Promise<Response> {
  return Promise.resolve(
    t.app.request(`http://localhost:3000${url}`, { method: "POST", body, headers: { origin: "http://localhost:3000", cookie } }),
  );
}

function postReview(photo: Buffer, name: string, cookie: string): Promise<Response> {
  return post(`/api/hotels/${hotelId}/reviews`, form(photo, name, { rating: "4", title: "Nice", comment: "Quiet room." }), cookie);
}

async function traveller(email: string): Promise<{ cookie: string; id: string }> {
  await signUp(t, email);
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie: await signIn(t, email), id: row!.id };
}

/** Occupies one decode slot for `account` until the returned function is called. */
async function holdSlot(account: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = t.deps.photoDecoding.run(account, () => new Promise<void>((resolve) => (release = resolve)));
  await new Promise((resolve) => setImmediate(resolve));
  return async () => {
    release();
    await held;
  };
}

describe("photo decoding", () => {
  it("caps review photos lower than hotel photos, with a message naming the limit", async () => {
    // 16 megapixels of one colour: a small file, above the review cap and below the hotel cap.
    const photo = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const author = await traveller("big-photo@example.com");
    const refused = await postReview(photo, "big.png", author.cookie);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("PHOTO_TOO_MANY_PIXELS");
    expect(body.message).toBe("Photo 1 is 4000 × 4000 pixels; review photos may have at most 13 megapixels. Resize it and try again.");

    await ensureAdmin(t.deps.db, t.deps.auth, { email: "decode-admin@example.com", password: "admin-password", name: "Ada" }, "test");
    const admin = await signIn(t, "decode-admin@example.com", "admin-password");
    const hotelPhoto = await post(`/api/properties/hotels/${hotelId}/photos`, form(photo, "big.png"), admin);
    expect(hotelPhoto.status, await hotelPhoto.clone().text()).toBe(201);
  });

  it("lets an account use only its share of the decode slots while another account still gets one", async () => {
    const busy = await traveller("busy-uploader@example.com");
    const other = await traveller("other-uploader@example.com");
    const release = await holdSlot(busy.id);
    try {
      const refused = await postReview(small, "a.jpg", busy.cookie);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      expect(await refused.json()).toMatchObject({
        code: "PHOTO_DECODE_BUSY",
        message: "Your other photos are still being processed. Please wait for them to finish, then try again.",
        details: { retryAfterSeconds: Number(refused.headers.get("retry-after")) },
      });
      // The second slot is free and is not the busy account's to take: another account gets it.
      expect((await postReview(small, "b.jpg", other.cookie)).status).toBe(201);
    } finally {
      await release();
    }
  });

  it("answers 503 with Retry-After when every slot is taken and the queue is full, and takes the photo later", async () => {
    const late = await traveller("late-uploader@example.com");
    const releases = [await holdSlot("account-one"), await holdSlot("account-two")];
    let refused: Response;
    try {
      refused = await postReview(small, "c.jpg", late.cookie);
    } finally {
      for (const release of releases) await release();
    }
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "PHOTO_DECODE_BUSY", message: expect.stringContaining("many photos") });
    expect((await postReview(small, "c.jpg", late.cookie)).status).toBe(201);
  });
});
