export * from "./api/index.ts";
