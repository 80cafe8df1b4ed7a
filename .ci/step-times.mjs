#!/usr/bin/env node
// Prints the wall time of each step .ci/run recorded (a tab-separated file: step, seconds, exit status) as a table,
// and warns, without failing the run, when a step or the whole run took longer than its budget in budgets.json,
// so growth shows in CI's output before it costs a submission. Usage: node .ci/step-times.mjs <steps.tsv>
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2];
if (!file) {
  console.error("usage: node .ci/step-times.mjs <steps.tsv>");
  process.exit(2);
}
const budgets = JSON.parse(fs.readFileSync(path.join(here, "budgets.json"), "utf8"));
const rows = fs
  .readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [step = "", seconds = "0", status = "0"] = line.split("\t");
    return { step, seconds: Number(seconds), status: Number(status) };
  });

const clock = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};
const total = rows.reduce((sum, row) => sum + row.seconds, 0);
const width = Math.max(5, ...rows.map((row) => row.step.length));
const warnings = [];
const line = (step, seconds, budget, note) =>
  `${step.padEnd(width)}  ${clock(seconds).padStart(6)}  ${(budget ? clock(budget) : "").padStart(6)}  ${note}`;

console.log(`\n== step times\n${line("step", 0, 0, "").replace(/0:00/, "wall").replace(/\s+$/, "")}  budget`);
for (const row of rows) {
  const budget = budgets.steps[row.step];
  const notes = [];
  if (row.status !== 0) notes.push(`failed (exit ${row.status})`);
  if (budget === undefined) notes.push("no budget");
  else if (row.seconds > budget) {
    notes.push(`over budget by ${clock(row.seconds - budget)}`);
    warnings.push(`${row.step} took ${clock(row.seconds)}, budget ${clock(budget)}`);
  }
  console.log(line(row.step, row.seconds, budget, notes.join(", ")));
}
console.log(line("total", total, budgets.total, total > budgets.total ? "over budget" : ""));
if (total > budgets.total)
  warnings.push(`the whole run took ${clock(total)}, budget ${clock(budgets.total)}`);
for (const warning of warnings) console.log(`::warning title=CI time::${warning}`);
