/**
 * Photos of hotels and room types (issue 14): uploads go through the review-photo pipeline (checked
 * by content, re-encoded, size-limited); the list's order is the display order and its first photo
 * is the cover. A hotel without photos shows its generated illustration.
 */
import { and, eq } from "drizzle-orm";
import { MAX_PROPERTY_PHOTOS } from "../../shared/property-hotels.ts";
import type { Db } from "../db/client.ts";
import { hotels, roomTypes } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { imageUrl } from "../integrations/images/hotel-images.ts";
import { logActivity } from "./activity-log.ts";
import { type PhotoDeps, storePhoto } from "./photos.ts";

type Actor = { id: string; email: string };
/** Whose photos: the hotel itself, or one of its room types. */
export type PhotoOwner = { hotelId: number; roomTypeId?: number };

async function currentPhotos(db: Db, owner: PhotoOwner, lock: boolean): Promise<string[]> {
  if (owner.roomTypeId === undefined) {
    const query = db.select({ images: hotels.images }).from(hotels).where(eq(hotels.id, owner.hotelId));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new DomainError("HOTEL_NOT_FOUND");
    return row.images;
  }
  const query = db
    .select({ images: roomTypes.images })
    .from(roomTypes)
    .where(and(eq(roomTypes.id, owner.roomTypeId), eq(roomTypes.hotelId, owner.hotelId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("ROOM_TYPE_NOT_FOUND");
  return row.images;
}

async function savePhotos(db: Db, owner: PhotoOwner, photos: string[]): Promise<void> {
  if (owner.roomTypeId === undefined) {
    await db
      .update(hotels)
      .set({ images: photos, image: photos[0] ?? imageUrl("exterior", owner.hotelId), updatedAt: new Date() })
      .where(eq(hotels.id, owner.hotelId));
  } else {
    await db.update(roomTypes).set({ images: photos }).where(eq(roomTypes.id, owner.roomTypeId));
  }
}

/** Checks, re-encodes and stores the files, then appends them to the owner's photos (at most MAX_PROPERTY_PHOTOS in all). */
export async function addPhotos(db: Db, photoDeps: PhotoDeps, actor: Actor, owner: PhotoOwner, files: File[]): Promise<string[]> {
  const before = await currentPhotos(db, owner, false);
  if (before.length + files.length > MAX_PROPERTY_PHOTOS) {
    throw new DomainError(
      "TOO_MANY_PHOTOS",
      `A hotel or room keeps at most ${MAX_PROPERTY_PHOTOS} photos; it has ${before.length}. Delete some before adding ${files.length} more.`,
    );
  }
  const urls: string[] = [];
  for (const [index, file] of files.entries()) urls.push(await storePhoto(photoDeps, actor.id, file, index, "hotels"));
  return db.transaction(async (tx) => {
    const photos = [...(await currentPhotos(tx, owner, true)), ...urls];
    if (photos.length > MAX_PROPERTY_PHOTOS) {
      throw new DomainError("TOO_MANY_PHOTOS", `A hotel or room keeps at most ${MAX_PROPERTY_PHOTOS} photos.`);
    }
    await savePhotos(tx, owner, photos);
    await logActivity(tx, {
      actionType: "property_photos_added",
      userId: actor.id,
      userEmail: actor.email,
      details: { ...owner, added: urls.length },
    });
    return photos;
  });
}

/** Sets the order (the first is the cover); a photo left out is deleted. Only photos the owner has are accepted. */
export async function setPhotoOrder(db: Db, actor: Actor, owner: PhotoOwner, photos: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = await currentPhotos(tx, owner, true);
    const known = new Set(before);
    if (photos.some((p) => !known.has(p))) throw new DomainError("PHOTO_NOT_FOUND");
    if (new Set(photos).size !== photos.length) throw new DomainError("VALIDATION_ERROR", "Each photo may appear once in the order.");
    await savePhotos(tx, owner, photos);
    await logActivity(tx, {
      actionType: "property_photos_changed",
      userId: actor.id,
      userEmail: actor.email,
      details: { ...owner, deleted: before.length - photos.length, cover: photos[0] ?? null },
    });
    return photos;
  });
}
