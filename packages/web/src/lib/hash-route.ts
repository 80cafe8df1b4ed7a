/**
 * Old links use hash routes such as `/#/Loginone` (seed §2). They are turned into the matching history
 * route before the router starts, so `/#/Loginone?redirect=/x` lands on `/Loginone?redirect=/x`.
 */
export function hashRoutePath(pathname: string, hash: string): string | null {
  if (pathname !== "/" || !hash.startsWith("#/")) return null;
  const target = hash.slice(1);
  // `#//host` would become a protocol-relative address.
  if (target.startsWith("//")) return null;
  return target;
}
