/** Highlight rule of the logged-in top menu (seed §2, default from §9). */

export const DEFAULT_MENU_KEY = "/dc/dcList";

const HIGHLIGHT_PREFIXES = ["/dw/survey", "/dw/admin/user", "/dw/user", "/dc/template"] as const;

export function activeMenuKey(pathname: string): string {
  // Paths match case-insensitively in the router, so `/DC/Template` must highlight the same entry.
  const path = pathname.toLowerCase();
  return HIGHLIGHT_PREFIXES.find((prefix) => path.includes(prefix.toLowerCase())) ?? DEFAULT_MENU_KEY;
}
