import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { MAX_PHOTO_BYTES, MAX_PHOTO_MEGAPIXELS } from "../../shared/reviews.ts";
import { DomainError } from "../domain-error.ts";
import type { FileStorage } from "../integrations/storage.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_EDGE = 1600;
const MAX_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000;
/**
 * Decoding is the costly part (about 100 MB and most of a core for a large image), so one instance
 * decodes at most this many photos at once; the others wait their turn instead of piling up memory.
 */
const DECODE_SLOTS = 2;

/** A counting semaphore: at most `slots` callers run at once, the rest wait in arrival order. */
export function createLimiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` only drops when no one waits.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const decodeSlot = createLimiter(DECODE_SLOTS);

/**
 * Checks an upload by its content (JPEG, PNG or WebP, at most 5 MB and 24 megapixels), re-encodes
 * it as WebP without metadata (no EXIF location) and at most 1600 px on a side, and stores it under
 * a random name that says nothing about its author.
 */
export function storeReviewPhoto(storage: FileStorage, file: File, index: number): Promise<string> {
  return storePhoto(storage, file, index, "reviews");
}

/** The same checks and re-encoding for any folder: "reviews", or "hotels" for hotel and room photos. */
export async function storePhoto(storage: FileStorage, file: File, index: number, folder: "reviews" | "hotels"): Promise<string> {
  const label = `Photo ${index + 1}`;
  if (file.size > MAX_PHOTO_BYTES) throw new DomainError("PHOTO_TOO_LARGE", `${label} is larger than 5 MB.`);
  const input = Buffer.from(await file.arrayBuffer());
  let meta: Metadata | undefined;
  try {
    // Reads the header only: the size is known before a single pixel is decoded.
    meta = await sharp(input).metadata();
  } catch {
    meta = undefined;
  }
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new DomainError("PHOTO_NOT_IMAGE", `${label} is not a JPEG, PNG or WebP image.`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) {
    throw new DomainError(
      "PHOTO_TOO_MANY_PIXELS",
      `${label} is ${meta.width} × ${meta.height} pixels; photos may have at most ${MAX_PHOTO_MEGAPIXELS} megapixels. Resize it and try again.`,
    );
  }
  const output = await decodeSlot(async () => {
    try {
      // limitInputPixels again: a file whose header understates its size still stops at the cap.
      return await sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new DomainError("PHOTO_UNREADABLE", `${label} could not be read as an image.`);
    }
  });
  return storage.save(`${folder}/${randomBytes(16).toString("hex")}.webp`, output);
}
