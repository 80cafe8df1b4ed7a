import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt's cost for new password hashes, as log2 N (config PASSWORD_HASH_COST). The default, 15 (N = 32768), needs
 * 32 MiB and ~50 ms here: slow enough for offline guessing, cheap per login, and the least a production site may
 * use. Automated tests go lower (10: 32 times cheaper), since the journeys and API tests sign up and log in
 * hundreds of accounts; the hash names its cost, so any hash verifies whatever the setting.
 */
export const PASSWORD_HASH_COST = { default: 15, min: 10, max: 17 } as const;

const SCRYPT = { r: 8, p: 1, keyLength: 32, maxmem: 256 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT.keyLength, { N: n, r, p, maxmem: SCRYPT.maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * Self-describing hash: `scrypt$N$r$p$salt$key`, so the cost can rise later without a migration. `cost`: log2 N
 * (the config's `passwordHashCost`).
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await scryptAsync(password, salt, n, SCRYPT.r, SCRYPT.p);
  return ["scrypt", n, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

const DUMMY_SALT = randomBytes(16);

/**
 * Whether `password` is the one `stored` hashes (at the cost the hash names). Without a hash (no account, or one
 * made by SMS that never set a password) it spends as long as checking a new hash of `cost` would, and answers no.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost: number,
): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend the same time as a real check so a missing account is not revealed by timing.
    await scryptAsync(password, DUMMY_SALT, 2 ** cost, SCRYPT.r, SCRYPT.p);
    return false;
  }
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function hmacSha256(data: Buffer | string, secret: string): Buffer {
  return createHmac("sha256", secret).update(data).digest();
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Opaque session token: 256 random bits; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function newNumericCode(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join("");
}

/** A readable random password for generated admin accounts (letters and digits, never ambiguous). */
export function newPassword(): string {
  const letters = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ";
  const digits = "23456789";
  const pick = (set: string) => set[randomInt(0, set.length)];
  return `${Array.from({ length: 8 }, () => pick(letters)).join("")}${Array.from({ length: 4 }, () => pick(digits)).join("")}`;
}
