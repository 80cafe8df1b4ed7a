import fs from "node:fs";
import path from "node:path";

/** One chunk of the client build's manifest (packages/web/vite.config.ts: `manifest: true`). */
export interface ManifestChunk {
  file?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  /** index.html and the other entries: their dynamic imports are whole pages of their own. */
  isEntry?: boolean;
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The client build's manifest, or null for a build without one (and in tests without a build). */
export function readBuildManifest(webDist: string): BuildManifest | null {
  const file = path.join(webDist, ".vite", "manifest.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as BuildManifest) : null;
}

/** The chunks reachable from `keys` through static imports, each once, in the order first met. */
export function reachableChunks(manifest: BuildManifest, keys: Iterable<string>): ManifestChunk[] {
  const found: ManifestChunk[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    found.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return found;
}
