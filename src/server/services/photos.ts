import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { MAX_HOTEL_PHOTO_MEGAPIXELS, MAX_PHOTO_BYTES, MAX_REVIEW_PHOTO_MEGAPIXELS } from "../../shared/reviews.ts";
import type { PhotoDecodeSettings } from "../config.ts";
import { DomainError } from "../domain-error.ts";
import type { FileStorage } from "../integrations/storage.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_EDGE = 1600;
const MEGAPIXELS = { reviews: MAX_REVIEW_PHOTO_MEGAPIXELS, hotels: MAX_HOTEL_PHOTO_MEGAPIXELS } as const;
/** Roughly what decoding the largest photo costs on a small machine: the unit of a Retry-After estimate. */
const SECONDS_PER_DECODE = 3;
const MAX_RETRY_AFTER_SECONDS = 120;

export interface DecodeQueue {
  /** Runs `task` in a decode slot when `account`'s turn comes, or throws PHOTO_DECODE_BUSY (503) when the queue is full. */
  run<T>(account: string, task: () => Promise<T>): Promise<T>;
  /** Decodes running and waiting now, and those refused as busy since start (for /metrics). */
  stats(): { running: number; waiting: number; refused: number };
}

/**
 * Decode slots shared fairly between accounts: each account holds at most its share of the slots,
 * a freed slot goes to the waiting account served longest ago (not to the earliest arrival, so one
 * account's pile of uploads does not delay the next account's photo), and the wait is bounded.
 */
export function createDecodeQueue(settings: PhotoDecodeSettings): DecodeQueue {
  let running = 0;
  let waitingCount = 0;
  let refused = 0;
  let tick = 0;
  const runningBy = new Map<string, number>();
  const waitingBy = new Map<string, (() => void)[]>();
  // When each busy account last got a slot; forgotten once it has nothing running or waiting.
  const lastServed = new Map<string, number>();

  function mayStart(account: string): boolean {
    return running < settings.slots && (runningBy.get(account) ?? 0) < settings.slotsPerAccount;
  }

  function start(account: string): void {
    running += 1;
    runningBy.set(account, (runningBy.get(account) ?? 0) + 1);
    tick += 1;
    lastServed.set(account, tick);
  }

  function nextTurn(): string | undefined {
    let turn: string | undefined;
    let turnServed = Infinity;
    for (const account of waitingBy.keys()) {
      const served = lastServed.get(account) ?? 0;
      if (served < turnServed && mayStart(account)) {
        turn = account;
        turnServed = served;
      }
    }
    return turn;
  }

  function finish(account: string): void {
    running -= 1;
    const left = (runningBy.get(account) ?? 1) - 1;
    if (left > 0) runningBy.set(account, left);
    else runningBy.delete(account);
    if (left <= 0 && !waitingBy.has(account)) lastServed.delete(account);
    for (let turn = nextTurn(); turn !== undefined; turn = nextTurn()) {
      const queue = waitingBy.get(turn)!;
      const wake = queue.shift()!;
      waitingCount -= 1;
      if (queue.length === 0) waitingBy.delete(turn);
      start(turn);
      wake();
    }
  }

  function busy(message: string): DomainError {
    refused += 1;
    const rounds = Math.ceil((waitingCount + 1) / settings.slots);
    const retryAfterSeconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, rounds * SECONDS_PER_DECODE));
    return new DomainError("PHOTO_DECODE_BUSY", message, { retryAfterSeconds });
  }

  return {
    stats: () => ({ running, waiting: waitingCount, refused }),
    async run(account, task) {
      if (mayStart(account)) {
        start(account);
      } else {
        const queue = waitingBy.get(account) ?? [];
        if (queue.length >= settings.queuePerAccount || waitingCount >= settings.queue) {
          const ownPhotos = (runningBy.get(account) ?? 0) + queue.length;
          throw busy(
            ownPhotos > 0
              ? "Your other photos are still being processed. Please wait for them to finish, then try again."
              : "We are processing many photos right now. Please try again in a moment.",
          );
        }
        // Slot handed over by finish(): it counts this task as running before waking it.
        await new Promise<void>((resolve) => {
          queue.push(resolve);
          waitingBy.set(account, queue);
          waitingCount += 1;
        });
      }
      try {
        return await task();
      } finally {
        finish(account);
      }
    },
  };
}

/** What storing a photo needs: where it is kept and the instance's decode queue. */
export interface PhotoDeps {
  storage: FileStorage;
  photoDecoding: DecodeQueue;
}

/**
 * Checks an upload by its content (JPEG, PNG or WebP, at most 5 MB and MAX_REVIEW_PHOTO_MEGAPIXELS),
 * re-encodes it as WebP without metadata (no EXIF location) and at most 1600 px on a side, and stores
 * it under a random name that says nothing about its author.
 */
export function storeReviewPhoto(deps: PhotoDeps, account: string, file: File, index: number): Promise<string> {
  return storePhoto(deps, account, file, index, "reviews");
}

/**
 * The same checks and re-encoding for any folder: "reviews", or "hotels" for hotel and room photos
 * (a higher pixel cap). `account` is whose share of the decode slots the photo uses.
 */
export async function storePhoto(
  deps: PhotoDeps,
  account: string,
  file: File,
  index: number,
  folder: "reviews" | "hotels",
): Promise<string> {
  const label = `Photo ${index + 1}`;
  const megapixels = MEGAPIXELS[folder];
  const maxPixels = megapixels * 1_000_000;
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
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) {
    throw new DomainError(
      "PHOTO_TOO_MANY_PIXELS",
      `${label} is ${meta.width} × ${meta.height} pixels; ${folder === "reviews" ? "review photos" : "photos"} may have at most ${megapixels} megapixels. Resize it and try again.`,
    );
  }
  const output = await deps.photoDecoding.run(account, async () => {
    try {
      // limitInputPixels again: a file whose header understates its size still stops at the cap.
      return await sharp(input, { limitInputPixels: maxPixels })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new DomainError("PHOTO_UNREADABLE", `${label} could not be read as an image.`);
    }
  });
  return deps.storage.save(`${folder}/${randomBytes(16).toString("hex")}.webp`, output);
}
