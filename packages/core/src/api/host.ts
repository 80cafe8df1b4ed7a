/**
 * The host rule of seed §5: a host name that does not start with `www` is sent to the same address with
 * `www.` prepended. Never for localhost, IP addresses or single-label hosts. Returns the target host or null.
 */
export function wwwRedirectHost(hostWithPort: string): string | null {
  const host = hostWithPort.replace(/:\d+$/, "").toLowerCase();
  if (!host || host.startsWith("www")) return null;
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) return null;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[") || host.includes(":")) return null;
  return `www.${hostWithPort.toLowerCase()}`;
}
