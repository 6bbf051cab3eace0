import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { MAX_PHOTO_BYTES } from "../../shared/reviews.ts";
import { ApiError } from "../http/errors.ts";
import type { FileStorage } from "../integrations/storage.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_EDGE = 1600;

/**
 * Checks an upload by its content (JPEG, PNG or WebP, at most 5 MB), re-encodes it as WebP
 * without metadata (no EXIF location) and at most 1600 px on a side, and stores it under a path
 * made of the user id, a timestamp and random hex.
 */
export async function storeReviewPhoto(storage: FileStorage, userId: string, file: File, index: number): Promise<string> {
  const label = `Photo ${index + 1}`;
  if (file.size > MAX_PHOTO_BYTES) throw new ApiError(400, "PHOTO_TOO_LARGE", `${label} is larger than 5 MB.`);
  const input = Buffer.from(await file.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ApiError(400, "PHOTO_NOT_IMAGE", `${label} is not a JPEG, PNG or WebP image.`);
  }
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(400, "PHOTO_UNREADABLE", `${label} could not be read as an image.`);
  }
  const relativePath = `reviews/${userId.replace(/[^A-Za-z0-9]/g, "")}/${Date.now()}-${randomBytes(8).toString("hex")}.webp`;
  return storage.save(relativePath, output);
}
