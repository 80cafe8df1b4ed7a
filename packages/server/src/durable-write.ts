import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";

/**
 * Files the server must not lose (the answer-token key, uploads, export files reported ready) are written
 * here and nowhere else. A write is acknowledged only once it survives a power cut: the bytes go to a
 * temporary name and are fsynced, the file is moved to its name, and the directory is fsynced so the name
 * itself is on disk. A cut at any point leaves either no file or the whole file, never an empty one.
 */

/** Makes a directory's entries (a rename, a new name) durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, "r");
  try {
    await handle.sync();
  } catch (error) {
    // Windows cannot fsync a directory (EPERM/EISDIR/EINVAL); there the rename is already as durable as
    // the platform makes it.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "EISDIR" && code !== "EINVAL") throw error;
  } finally {
    await handle.close();
  }
}

/** `mkdir -p` whose new directories' names are durable too (each parent of a new one is fsynced). */
export async function makeDirectoryDurably(dir: string, mode?: number): Promise<void> {
  const first = await fsp.mkdir(dir, { recursive: true, ...(mode === undefined ? {} : { mode }) });
  if (first === undefined) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    await syncDirectory(path.dirname(current));
    if (current === path.resolve(first)) break;
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function temporaryName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
}

/**
 * Moves a finished temporary file (written by a stream, e.g. an export) to `target` durably: fsync, rename,
 * fsync of the directory. With `exclusive`, an existing `target` is kept and EEXIST thrown (a hard link
 * cannot replace a name, unlike rename); the temporary file is removed either way.
 */
export async function commitFile(temporary: string, target: string, exclusive = false): Promise<void> {
  try {
    await syncFile(temporary);
    if (exclusive) await fsp.link(temporary, target);
    else await fsp.rename(temporary, target);
  } finally {
    if (exclusive) await fsp.rm(temporary, { force: true });
  }
  await syncDirectory(path.dirname(target));
}

/**
 * Writes `data` to `target` durably (creating the directory). `exclusive` refuses to replace an existing
 * file (EEXIST), as `flag: "wx"` would. Nothing is left under a temporary name if it fails.
 */
export async function writeFileDurably(
  target: string,
  data: string | Uint8Array,
  options: { mode?: number; exclusive?: boolean; dirMode?: number } = {},
): Promise<void> {
  await makeDirectoryDurably(path.dirname(target), options.dirMode);
  const temporary = temporaryName(target);
  try {
    await fsp.writeFile(temporary, data, { flag: "wx", mode: options.mode ?? 0o644 });
    await commitFile(temporary, target, options.exclusive ?? false);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

/** A temporary path next to `target` for a file written by a stream, to be moved with `commitFile`. */
export function temporaryPathFor(target: string): string {
  return temporaryName(target);
}
