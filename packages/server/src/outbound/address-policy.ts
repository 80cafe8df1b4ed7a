import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { outboundMessages, type PolicyRefusal } from "./messages.ts";

/**
 * Which URLs and addresses a user-supplied outbound request may reach. Pure: no DNS, no sockets; the
 * client (outbound-client.ts) resolves names and calls checkAddress on every answer.
 *
 * An address is public only when ipaddr.js classifies it as plain `unicast`. IPv6 forms that carry an
 * IPv4 address are handled so that the IPv4 address cannot be smuggled past the check:
 * - IPv4-mapped (::ffff:a.b.c.d) is converted to IPv4 and checked (and connected to) as IPv4;
 * - NAT64's well-known prefix (64:ff9b::/96, RFC 6052) is checked on the embedded IPv4 address, so a server
 *   on an IPv6-only network with DNS64 can still reach public IPv4-only hosts, never private ones;
 * - everything else that embeds or translates IPv4 is refused outright: IPv4-compatible (::a.b.c.d, outside
 *   2000::/3), IPv4-translated (::ffff:0:a.b.c.d), local-use NAT64 (64:ff9b:1::/48, where the embedded
 *   position is operator-chosen), 6to4 (2002::/16) and Teredo (2001::/32), both deprecated relays that
 *   nobody needs for a webhook.
 * Beyond that, IPv6 must lie in the global unicast block 2000::/3, which also excludes ranges ipaddr.js
 * leaves as `unicast` (for example the deprecated IPv4-compatible ::/96).
 */

/** Longest URL accepted (also after the parser's normalisation). */
export const maxUrlLength = 2000;

export interface AddressPolicyOptions {
  /** Ports allowed besides the scheme's standard one (80 for http, 443 for https). */
  allowedPorts?: readonly number[];
  /**
   * Test-only: exact "ip" or "ip:port" ("[v6]:port" for IPv6) let through although not public. An "ip:port"
   * entry allows that port on that address only; a bare "ip" still needs an allowed port.
   */
  allowAddresses?: readonly string[];
}

export interface OutboundTarget {
  url: URL;
  secure: boolean;
  /** The host as given (a name, or a canonical IP without brackets). */
  hostname: string;
  port: number;
  /** The canonical address when the host is an IP literal (then no DNS is needed). */
  ipLiteral: string | undefined;
}

export interface PolicyRefused {
  ok: false;
  reason: PolicyRefusal;
  message: string;
}

export type UrlCheck = { ok: true; target: OutboundTarget } | PolicyRefused;
export type AddressCheck = { ok: true; address: string } | PolicyRefused;

const standardPorts: Record<string, number> = { "http:": 80, "https:": 443 };
const globalUnicast = ipaddr.parseCIDR("2000::/3");
const nat64WellKnown = ipaddr.parseCIDR("64:ff9b::/96");

function refused(reason: PolicyRefusal, message: string = outboundMessages[reason]): PolicyRefused {
  return { ok: false, reason, message };
}

function parsed(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  const address = ipaddr.parse(ip);
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** The one spelling of an address used for connecting and for allow-list matching (IPv4-mapped → IPv4). */
export function canonicalAddress(ip: string): string | undefined {
  return parsed(ip)?.toString();
}

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === "ipv4") return (address as ipaddr.IPv4).range() === "unicast";
  const v6 = address as ipaddr.IPv6;
  if (v6.zoneId) return false;
  if (v6.isIPv4MappedAddress()) return isPublic(v6.toIPv4Address());
  if (v6.match(nat64WellKnown)) {
    const [high = 0, low = 0] = v6.parts.slice(6);
    return isPublic(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]));
  }
  return v6.range() === "unicast" && v6.match(globalUnicast);
}

/** True only for an address on the public internet (see the rules at the top of this file). */
export function isPublicAddress(ip: string): boolean {
  const address = parsed(ip);
  return address !== undefined && isPublic(address);
}

/** An allow-list entry as { address (canonical), port? }, or undefined when it is not one. */
export function parseAllowEntry(entry: string): { address: string; port: number | undefined } | undefined {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const hostPort = /^([\d.]+):(\d{1,5})$/.exec(text);
  const [host, portText] = bracketed
    ? [bracketed[1] ?? "", bracketed[2]]
    : hostPort
      ? [hostPort[1] ?? "", hostPort[2]]
      : [text, undefined];
  if (!isIP(host)) return undefined;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  const address = canonicalAddress(host);
  return address === undefined ? undefined : { address, port };
}

function allowEntries(options: AddressPolicyOptions) {
  return (options.allowAddresses ?? []).flatMap((entry) => parseAllowEntry(entry) ?? []);
}

function isStandardOrAllowedPort(protocol: string, port: number, options: AddressPolicyOptions): boolean {
  return standardPorts[protocol] === port || (options.allowedPorts ?? []).includes(port);
}

/**
 * Whether `ip` may be connected to on `port` (for a URL of `protocol`): public and on an allowed port, or
 * named exactly by the test allow-list. Returns the canonical address to connect to.
 */
export function checkAddress(
  ip: string,
  port: number,
  protocol: string,
  options: AddressPolicyOptions = {},
): AddressCheck {
  const address = parsed(ip);
  if (!address) return refused("privateAddress");
  const canonical = address.toString();
  const entries = allowEntries(options).filter((entry) => entry.address === canonical);
  if (entries.some((entry) => entry.port === port)) return { ok: true, address: canonical };
  const listedWithoutPort = entries.some((entry) => entry.port === undefined);
  if (!isPublic(address) && !listedWithoutPort) return refused("privateAddress");
  if (!isStandardOrAllowedPort(protocol, port, options)) return refused("portNotAllowed");
  return { ok: true, address: canonical };
}

/**
 * Parses and checks a user-supplied URL: http or https only, no credentials, an allowed port, at most
 * maxUrlLength characters; an IP-literal host is checked here already (a name is checked once resolved).
 * The WHATWG parser has already turned numeric hosts such as `2130706433`, `0x7f.1` and `127.1` into
 * 127.0.0.1, so they are refused like the dotted form.
 */
export function checkUrl(raw: string, options: AddressPolicyOptions = {}): UrlCheck {
  if (raw.length > maxUrlLength) return refused("invalidUrl", outboundMessages.urlTooLong);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refused("invalidUrl");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return refused("schemeNotAllowed");
  if (url.username || url.password) return refused("credentialsInUrl");
  if (url.href.length > maxUrlLength) return refused("invalidUrl", outboundMessages.urlTooLong);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!hostname) return refused("invalidUrl");
  const port = url.port ? Number(url.port) : (standardPorts[url.protocol] ?? 0);
  // A port outside the rules can only be made good by an exact "ip:port" allow entry; without one naming this
  // port, refuse before any DNS lookup.
  const portAllowed =
    isStandardOrAllowedPort(url.protocol, port, options) ||
    allowEntries(options).some((entry) => entry.port === port);
  if (!portAllowed) return refused("portNotAllowed");
  const target = { url, secure: url.protocol === "https:", hostname, port, ipLiteral: undefined };
  if (!isIP(hostname)) return { ok: true, target };
  const address = checkAddress(hostname, port, url.protocol, options);
  if (!address.ok) return address;
  return { ok: true, target: { ...target, hostname: address.address, ipLiteral: address.address } };
}
