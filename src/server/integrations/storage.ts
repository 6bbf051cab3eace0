import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live; today a folder, tomorrow perhaps object storage. */
export interface FileStorage {
  /** Stores bytes under a path the caller built from trusted parts; returns the public URL. */
  save(relativePath: string, data: Buffer): Promise<string>;
  read(relativePath: string): Promise<Buffer | null>;
}

/**
 * Paths we write are {folder}/{32 hex}.{ext}; nothing else is served. Files stored before names
 * stopped carrying the author ({folder}/{userId}/{timestamp}-{hex}.{ext}) are still served, so
 * reviews already published keep their photos.
 */
export const STORED_PATH = /^[a-z]+\/(?:[a-f0-9]{32}|[A-Za-z0-9]{1,64}\/\d{13}-[a-f0-9]{16})\.(webp|jpg|png)$/;

export function createLocalStorage(rootDir: string, publicBase = "/uploads"): FileStorage {
  const root = path.resolve(rootDir);
  function resolve(relativePath: string): string {
    if (!STORED_PATH.test(relativePath)) throw new Error(`Refusing storage path ${relativePath}`);
    return path.join(root, relativePath);
  }
  return {
    async save(relativePath, data) {
      const file = resolve(relativePath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: "wx" });
      return `${publicBase}/${relativePath}`;
    },
    async read(relativePath) {
      try {
        return await readFile(resolve(relativePath));
      } catch {
        return null;
      }
    },
  };
}
