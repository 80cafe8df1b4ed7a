export * from "./codes.ts";
export * from "./envelope.ts";
export * from "./host.ts";
export * from "./limits.ts";
export * from "./messages.ts";
export * from "./questionary.ts";
export * from "./questionary-kinds.ts";
export * from "./user.ts";
