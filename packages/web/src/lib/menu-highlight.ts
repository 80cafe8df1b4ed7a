/** Highlight rule of the logged-in top menu (seed §2, default from §9). */

export const DEFAULT_MENU_KEY = "/dc/dcList";

/** Key of the admin console's top-menu entry, highlighted on /dw pages the seed's prefixes do not name. */
export const ADMIN_MENU_KEY = "/dw";

const HIGHLIGHT_PREFIXES = ["/dw/survey", "/dw/admin/user", "/dw/user", "/dc/template"] as const;

function isAdminPath(path: string): boolean {
  return path === "/dw" || path.startsWith("/dw/");
}

export function activeMenuKey(pathname: string): string {
  // Paths match case-insensitively in the router, so `/DC/Template` must highlight the same entry.
  const path = pathname.toLowerCase();
  const prefix = HIGHLIGHT_PREFIXES.find((p) => path.includes(p.toLowerCase()));
  if (prefix) return prefix;
  // The seed's default would light 项目管理 on the console's other screens (资讯, 站点设置…), which are
  // not project management; they belong to the console's own entry.
  return isAdminPath(path) ? ADMIN_MENU_KEY : DEFAULT_MENU_KEY;
}
