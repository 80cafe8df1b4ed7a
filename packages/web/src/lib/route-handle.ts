/** What each route declares about itself in its `handle`. */
export interface RouteHandle {
  /** The route name the guard knows (seed §5). */
  name?: string;
  /** Page title, also the heading of placeholder pages. */
  title?: string;
  /** Placeholder pages: what this screen will offer. */
  description?: string;
  /** Open to anyone (seed §2 no-top-bar routes). */
  noAuth?: boolean;
}

interface MatchLike {
  handle: unknown;
}

function handleOf(match: MatchLike): RouteHandle {
  return typeof match.handle === "object" && match.handle !== null ? (match.handle as RouteHandle) : {};
}

/** The deepest matched route's value of `key`, the way nested routes override their parents. */
export function deepestHandleValue<K extends keyof RouteHandle>(
  matches: readonly MatchLike[],
  key: K,
): RouteHandle[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (!match) continue;
    const value = handleOf(match)[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} - 问卷管家` : "问卷管家 - 在线问卷、考试、投票与表单平台";
}
