/**
 * Accepts only a same-origin path for the post-login `redirect` parameter, so a crafted link cannot send
 * a freshly logged-in user to another site.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  // `//host` and `/\host` are protocol-relative in browsers; control characters can hide either.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const url = new URL(value, "http://same.origin");
  if (url.origin !== "http://same.origin") return null;
  // Returning to the login page would loop.
  if (url.pathname.toLowerCase() === "/loginone") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
