/** The navigation guard of seed §5, kept pure so every branch is unit-tested. */

export const LOGIN_PATH = "/Loginone";

/** Rule 1: pages under these prefixes are always allowed. */
const ALWAYS_OPEN_PREFIXES = ["/website", "/test", "/hd"] as const;

/** Rule 2: route names that are allowed without a token. */
export const OPEN_ROUTE_NAMES: readonly string[] = [
  "Loginone",
  "Agreement",
  "ConfirmPhone",
  "trailerPage",
  "accept",
  "questionnaireSurvey",
  "DcList",
];

export interface GuardInput {
  pathname: string;
  /** Name of the deepest matched route that has one. */
  routeName: string | undefined;
  /** Route marked as needing no authentication (/y/:id/:type, /r/:id). */
  noAuth: boolean;
  hasToken: boolean;
  /** Where to come back after logging in; the pathname when not given. */
  returnTo?: string;
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

function isUnder(pathname: string, prefix: string): boolean {
  // The router matches paths case-insensitively, so the guard must too; `/websiteX` is not under `/website`.
  const path = pathname.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function decideAccess(input: GuardInput): GuardDecision {
  if (ALWAYS_OPEN_PREFIXES.some((prefix) => isUnder(input.pathname, prefix))) return { allow: true };
  if (input.noAuth || input.hasToken) return { allow: true };
  if (input.routeName !== undefined && OPEN_ROUTE_NAMES.includes(input.routeName)) return { allow: true };
  return { allow: false, redirectTo: loginPathFor(input.returnTo ?? input.pathname) };
}

/** The login address that brings the user back to `target` afterwards. */
export function loginPathFor(target?: string): string {
  if (!target || target === "/" || isUnder(target.split("?")[0] ?? "", "/loginone")) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}
