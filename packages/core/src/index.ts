export * from "./api/index.ts";
export * from "./results/index.ts";
export * from "./survey/index.ts";
export * from "./text-import/index.ts";
