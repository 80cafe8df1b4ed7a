const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A random url-safe id (base62), from the platform's CSPRNG; the server accepts `[A-Za-z0-9_-]`. */
export function randomId(length = 22): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export const DEVICE_KEY = "wjgj:deviceId";
export const DEVICE_COOKIE = "wjgj_did";
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isDeviceId(value: string | null | undefined): value is string {
  return typeof value === "string" && DEVICE_PATTERN.test(value);
}

/**
 * The respondent's device id: kept in local storage (the source of truth, it seeds option and question
 * shuffles and the per-device limit), adopted from the server's suggestion the first time, and mirrored into
 * a cookie so the server renders the same shuffled order the browser will show.
 */
export function resolveDeviceId(
  storage: Pick<Storage, "getItem" | "setItem"> | null,
  suggested: string,
): string {
  let id: string | null = null;
  try {
    id = storage?.getItem(DEVICE_KEY) ?? null;
    if (!isDeviceId(id)) {
      id = isDeviceId(suggested) ? suggested : randomId();
      storage?.setItem(DEVICE_KEY, id);
    }
  } catch {
    id = isDeviceId(suggested) ? suggested : randomId();
  }
  return id;
}

export function deviceCookie(id: string): string {
  return `${DEVICE_COOKIE}=${id}; path=/; max-age=63072000; samesite=lax`;
}
