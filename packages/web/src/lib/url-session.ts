/**
 * Session values that may arrive in the query string of any route (seed §1, §4): `token` (login handed over
 * by a link), `fromType` (navigation origin) and `requestParam` (other-platform login).
 */
export interface UrlSessionParams {
  token: string | null;
  fromType: string | null;
  requestParam: string | null;
}

export function readSessionParams(search: string): UrlSessionParams {
  const params = new URLSearchParams(search);
  const value = (key: string) => params.get(key)?.trim() || null;
  return { token: value("token"), fromType: value("fromType"), requestParam: value("requestParam") };
}

/**
 * The query string without the credentials once they are stored, so they do not linger in history, in
 * bookmarks or in the Referer of outgoing links. null when nothing needs to change.
 */
export function searchWithoutCredentials(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has("token") && !params.has("requestParam")) return null;
  params.delete("token");
  params.delete("requestParam");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
