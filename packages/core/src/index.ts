export * from "./api/index.ts";
export * from "./survey/index.ts";
