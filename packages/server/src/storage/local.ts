import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  commitFile,
  makeDirectoryDurably,
  syncDirectory,
  temporaryPathFor,
  writeFileDurably,
} from "../durable-write.ts";
import { assertSafeKey, type Storage } from "./storage.ts";

/** Files under one folder (DATA_DIR): the layout is the key, so DATA_DIR/uploads stays where it was. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    driver: "local",
    async put(key, data, options = {}) {
      await writeFileDurably(resolve(key), data, { exclusive: options.exclusive ?? false });
    },
    async scratchFile(key) {
      const target = resolve(key);
      await makeDirectoryDurably(path.dirname(target));
      return temporaryPathFor(target);
    },
    async putFile(key, file) {
      try {
        await commitFile(file, resolve(key));
      } finally {
        await fsp.rm(file, { force: true });
      }
    },
    async open(key) {
      const file = resolve(key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { size: stat.size, body: fs.createReadStream(file) };
    },
    async stat(key) {
      const stat = await fsp.stat(resolve(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
      await syncDirectory(root);
    },
  };
}
