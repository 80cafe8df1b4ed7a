import JSZip from "jszip";
import { importMessages as m } from "./messages.ts";

/**
 * Bounds for every archive an import opens (.xlsx, .docx and .lsa are all zip files). A 5 MB upload can
 * declare millions of entries or inflate to gigabytes (a zip bomb); these caps are checked while inflating,
 * not taken from the sizes the archive declares, which an attacker writes.
 */
export const zipLimits = {
  maxEntries: 1000,
  /** Uncompressed bytes of all entries read from one archive together. */
  maxTotalBytes: 64 * 1024 * 1024,
};

/** A refusal whose message is meant for the person who uploaded the file. */
export class ImportRefusal extends Error {}

/**
 * Names an archive may hold that would mean something else on a file system: parent steps, absolute
 * paths, drive letters, backslashes, control characters. We never write entries anywhere, but an archive
 * naming one is not a LimeSurvey export, so its entries are not looked at.
 */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name === "" ||
    name.startsWith("/") ||
    name.includes("\\") ||
    /^[A-Za-z]:/.test(name) ||
    name.split("/").some((part) => part === ".." || part === ".") ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
    /[\u0000-\u001f]/.test(name)
  );
}

/** An archive read in memory only: entries are looked up by name as text and inflated under the caps. */
export class SafeZip {
  private inflated = 0;

  private constructor(private readonly zip: JSZip) {}

  /** The archive, or null when the bytes are not a readable zip file. Too many entries is refused. */
  static async open(bytes: Uint8Array): Promise<SafeZip | null> {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
    } catch {
      return null;
    }
    if (Object.keys(zip.files).length > zipLimits.maxEntries)
      throw new ImportRefusal(m.zipTooManyEntries(zipLimits.maxEntries));
    return new SafeZip(zip);
  }

  /** File entries whose names (as stored, before JSZip's own clean-up) are safe. */
  entries(): { name: string; object: JSZip.JSZipObject }[] {
    return Object.values(this.zip.files)
      .filter((object) => !object.dir)
      .map((object) => ({ name: object.unsafeOriginalName ?? object.name, object }))
      .filter((entry) => !isUnsafeEntryName(entry.name));
  }

  async read(name: string): Promise<Uint8Array | null> {
    const entry = this.entries().find((candidate) => candidate.name === name);
    return entry ? this.inflate(entry.object) : null;
  }

  async readText(name: string): Promise<string | null> {
    const bytes = await this.read(name);
    return bytes ? new TextDecoder("utf-8").decode(bytes) : null;
  }

  /** Inflates every entry once, counting real bytes: a library that reads the archive after this cannot blow up. */
  async verifyAll(): Promise<void> {
    for (const entry of this.entries()) await this.inflate(entry.object);
  }

  inflate(object: JSZip.JSZipObject): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let settled = false;
      const stream = object.nodeStream("nodebuffer");
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        stream.pause();
        reject(error);
      };
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        this.inflated += chunk.length;
        if (this.inflated > zipLimits.maxTotalBytes) {
          fail(new ImportRefusal(m.zipTooLarge(Math.round(zipLimits.maxTotalBytes / 1024 / 1024))));
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", fail);
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        resolve(new Uint8Array(Buffer.concat(chunks)));
      });
    });
  }
}
