/** Compile-time exhaustiveness guard for switches over tagged unions. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected variant: ${JSON.stringify(value)}`);
}
