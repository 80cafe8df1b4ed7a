// Starts fact-index-worker.ts when the server runs from source (tsx, vitest): a worker thread does not
// inherit the tsx loader, so it is registered here before the TypeScript entry is imported.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
