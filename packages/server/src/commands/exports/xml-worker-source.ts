import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

interface Stamp {
  inputs: string[];
  digest: string;
}

/**
 * The xlsx worker's code when the server runs from source (tsx, vitest): `entry` bundled by esbuild, as the
 * production build bundles it. A thread that loaded the TypeScript through tsx would spend about a second of
 * CPU on it for every export, and bundling takes esbuild about 0.4 s: the bundle is kept in the temporary
 * folder and reused while its sources are the same (a digest of their contents, checked at each use in a few
 * milliseconds). Written to a temporary name and renamed, so that processes starting at once do not mix.
 */
export async function sourceWorkerUrl(entry: string): Promise<URL> {
  const dir = path.join(os.tmpdir(), `wjgj-xml-worker-${digestOf([entry]).slice(0, 16)}`);
  const bundle = path.join(dir, "xml-worker.mjs");
  const stampFile = path.join(dir, "sources.json");
  const kept = await readStamp(stampFile);
  if (kept && (await sourcesDigest(kept.inputs)) === kept.digest && (await exists(bundle)))
    return pathToFileURL(bundle);
  // Named at run time, so that the production build does not bundle esbuild into the server.
  const bundler = "esbuild";
  const { build } = (await import(bundler)) as typeof import("esbuild");
  await fs.mkdir(dir, { recursive: true });
  const part = `${bundle}.${process.pid}.part`;
  const built = await build({
    entryPoints: [entry],
    outfile: part,
    bundle: true,
    metafile: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "silent",
    absWorkingDir: path.dirname(entry),
  });
  const inputs = Object.keys(built.metafile.inputs).map((input) => path.resolve(path.dirname(entry), input));
  await fs.rename(part, bundle);
  const digest = await sourcesDigest(inputs);
  if (digest !== null) {
    const stamp: Stamp = { inputs, digest };
    await fs.writeFile(`${stampFile}.${process.pid}.part`, JSON.stringify(stamp));
    await fs.rename(`${stampFile}.${process.pid}.part`, stampFile);
  }
  return pathToFileURL(bundle);
}

function digestOf(parts: readonly (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

async function sourcesDigest(inputs: readonly string[]): Promise<string | null> {
  try {
    const contents = await Promise.all(inputs.map((input) => fs.readFile(input)));
    return digestOf([...inputs, ...contents]);
  } catch {
    return null;
  }
}

async function readStamp(file: string): Promise<Stamp | null> {
  try {
    const stamp = JSON.parse(await fs.readFile(file, "utf8")) as Partial<Stamp>;
    return Array.isArray(stamp.inputs) && typeof stamp.digest === "string"
      ? { inputs: stamp.inputs, digest: stamp.digest }
      : null;
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
