import { useCallback, useEffect, useRef, useState } from "react";
import { i18next } from "../../lib/i18n.ts";
import { MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from "../../../shared/reviews.ts";

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export type SelectedPhoto = { id: number; file: File; previewUrl: string };

const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** Reads the file's first bytes: a renamed text file has an image name and type but not an image signature. */
async function looksLikeImage(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head[0] === 0x89 && ascii(1, 4) === "PNG";
  const webp = ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
  return jpeg || png || webp;
}

async function problemWith(file: File): Promise<string | null> {
  const notImage = i18next.t("{{file}} is not a JPEG, PNG or WebP image.", { file: file.name });
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return notImage;
  if (file.size > MAX_PHOTO_BYTES) return i18next.t("{{file}} is larger than {{megabytes}} MB.", { file: file.name, megabytes: MAX_MB });
  return (await looksLikeImage(file).catch(() => false)) ? null : notImage;
}

/**
 * The photos chosen for a review, checked on arrival (image signature, size, at most five) so
 * the guest hears about a problem before uploading; the server checks again and re-encodes. Preview URLs are
 * released when a photo is removed, the selection cleared or the form unmounted.
 */
export function usePhotoSelection() {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // The ref is the source of truth so that handlers and the unmount clean-up see the latest list.
  const selected = useRef<SelectedPhoto[]>([]);
  const nextId = useRef(1);

  const commit = useCallback((next: SelectedPhoto[]) => {
    selected.current = next;
    setPhotos(next);
  }, []);

  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      selected.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl));
    };
  }, []);

  const add = useCallback(
    async (files: File[]) => {
      const checked = await Promise.all(files.map(async (file) => ({ file, problem: await problemWith(file) })));
      // Closed while the files were being read: previews made now would never be released.
      if (!mounted.current) return;
      const found: string[] = [];
      const next = [...selected.current];
      let refused = 0;
      for (const { file, problem } of checked) {
        if (problem) found.push(problem);
        else if (next.length >= MAX_REVIEW_PHOTOS) refused += 1;
        else next.push({ id: nextId.current++, file, previewUrl: URL.createObjectURL(file) });
      }
      if (refused > 0) {
        found.push(i18next.t("Add at most {{max}} photos: {{count}} photos were not added.", { max: MAX_REVIEW_PHOTOS, count: refused }));
      }
      setProblems(found);
      commit(next);
    },
    [commit],
  );

  const remove = useCallback(
    (id: number) => {
      const gone = selected.current.find((photo) => photo.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      setProblems([]);
      commit(selected.current.filter((photo) => photo.id !== id));
    },
    [commit],
  );

  const clear = useCallback(() => {
    selected.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl));
    setProblems([]);
    commit([]);
  }, [commit]);

  return { photos, problems, add, remove, clear };
}
