// The production build: src/main.ts and the workspace's TypeScript (@wjgj/core) bundled into ES modules,
// dist/main.js and its workers (dist/fact-index-worker.js for the results index, dist/xml-worker.js for large
// xlsx exports), run by plain node (no tsx at run time). npm packages stay external: installed as usual, native
// ones (better-sqlite3) included.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// `--outdir <dir>` builds elsewhere (the worker bundle's test builds into a temporary directory).
const outArg = process.argv.indexOf("--outdir");
const outdir = outArg === -1 ? path.join(root, "dist") : path.resolve(process.argv[outArg + 1] ?? "dist");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@wjgj/"));

await build({
  // Each worker is an entry of its own: fact-index-build.ts starts ./fact-index-worker.js and
  // xml-worker-client.ts ./xml-worker.js, relative to the bundle they are part of.
  entryPoints: {
    main: path.join(root, "src/main.ts"),
    "fact-index-worker": path.join(root, "src/commands/results/fact-index-worker.ts"),
    "xml-worker": path.join(root, "src/commands/exports/xml-worker.ts"),
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Packages of packages (e.g. @aws-sdk/*) and deep imports of the listed ones stay external too.
  external: [...external, ...external.map((name) => `${name}/*`)],
  // The dynamic imports of the SSR renderers name a file at run time; esbuild leaves them alone.
  logLevel: "warning",
  banner: {
    // Some CommonJS dependencies call require(); an ES module has none of its own.
    js: "import { createRequire as __wjgjRequire } from 'node:module'; const require = __wjgjRequire(import.meta.url);",
  },
});
