#!/usr/bin/env node
// Runs every workspace's own `typecheck` script, as many at a time as the machine has cores. The scripts run
// TypeScript 7, the compiler rewritten in Go (the root devDependency `typescript-7`, an alias of typescript@7):
// TypeScript 5's JavaScript compiler took 2:05 of CI's 25 minutes for the five checks, and 7 needs well under half
// of its CPU time (server 22 s against 52 s, core 9 s against 16 s). `typescript` 5 stays for the tools that call
// its JavaScript API (dependency-cruiser parses with it), which 7 no longer has. Output of each check is printed
// when it ends; the exit status is 1 if any failed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

const { workspaces } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const withCheck = workspaces.filter(
  (dir) =>
    JSON.parse(fs.readFileSync(new URL(`../${dir}/package.json`, import.meta.url), "utf8")).scripts
      ?.typecheck,
);
// The largest first, so the last one to start is a short one.
// bench/ has no check of its own: the server's covers it (packages/server/tsconfig.check.json).
const order = ["packages/server", "packages/web"];
withCheck.sort((a, b) => {
  const rank = (dir) => (order.includes(dir) ? order.indexOf(dir) : order.length);
  return rank(a) - rank(b);
});

function check(dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", "typecheck"], {
      cwd: new URL(`../${dir}/`, import.meta.url),
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? "✓" : "✗"} ${dir} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...withCheck];
const results = await Promise.all(
  Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, async () => {
    const passed = [];
    for (let dir = queue.shift(); dir; dir = queue.shift()) passed.push(await check(dir));
    return passed.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
