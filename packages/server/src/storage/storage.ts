import type { Readable } from "node:stream";

/** A stored object opened for reading. */
export interface StoredObject {
  size: number;
  body: Readable;
}

/**
 * Where uploads, covers, avatars and export files live: local disk under DATA_DIR or an S3-compatible
 * bucket, chosen once from the environment. Keys are `/`-separated paths made by the server
 * (`uploads/2026-06/<random>.png`, `exports/<random>.xlsx`), never a name a client sent.
 */
export interface Storage {
  readonly driver: "local" | "s3";
  /** Stores bytes; once it resolves the object survives a crash. `exclusive` refuses to replace one. */
  put(key: string, data: Uint8Array, options?: { contentType?: string; exclusive?: boolean }): Promise<void>;
  /**
   * A local path to write a large file to (an export) before `putFile` moves it in; its folder exists.
   * On local disk it sits beside the final name, so the move is a rename.
   */
  scratchFile(key: string): Promise<string>;
  /** Moves a finished scratch file in under `key` (the scratch file is gone afterwards, either way). */
  putFile(key: string, file: string, options?: { contentType?: string }): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Throws when the store cannot be reached (/readyz). */
  check(): Promise<void>;
}

/** Keys are made by the server; this refuses anything that could step out of the store's root. */
export function assertSafeKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith("/") ||
    key.includes("\\") ||
    key.includes("\0") ||
    key.split("/").some((part) => part === "" || part === "." || part === ".." || part.startsWith("."))
  ) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** Whether a key is well-formed (for keys that arrive in a URL). */
export function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}
