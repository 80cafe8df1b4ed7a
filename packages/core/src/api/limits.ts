/** Constants shared by server and browser (seed §9 and the account rules of the foundation). */
export const limits = {
  /** Main request client timeout (§9). */
  requestTimeoutMs: 600_000,
  /** Default for callers that do not pass one (§9). */
  defaultRequestTimeoutMs: 1_200_000,
  toastSeconds: 1,
  defaultFromType: 1,
  /** fromType 2 hides the header and the top menu. */
  embeddedFromType: 2,
  phoneCode: {
    length: 6,
    ttlSeconds: 300,
    resendSeconds: 60,
    perPhonePerDay: 10,
    perIpPerHour: 20,
    maxWrongTries: 5,
  },
  /**
   * Password guessing is capped by an image captcha, never by refusing a right password: a client (an IP)
   * that has itself failed for a phone must solve one once it has failed `perClientPhone` times for it, or
   * once the phone has `perPhone` failures from anywhere, or once it has failed for `perIpPhones` different
   * phones — all within `windowSeconds`. A client that has not failed for the phone is never asked.
   */
  passwordLogin: {
    perClientPhone: 3,
    perPhone: 5,
    perIpPhones: 10,
    windowSeconds: 900,
    captchaTtlSeconds: 300,
  },
  otherLogin: { maxAgeSeconds: 300, clockSkewSeconds: 60 },
  sessionTtlDays: 30,
  /** Self-service account deletion: it takes effect this many days after the request, unless withdrawn. */
  deletionCoolingOffDays: 15,
  /** Avatars are stored square at this many pixels, whatever size the (browser-cropped) upload had. */
  avatar: { size: 256, maxBytes: 5 * 1024 * 1024, maxSide: 4096 },
  pageSizeMax: 100,
  newsPageSize: 8,
  newsFirstPage: 1,
} as const;

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** 8–32 characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,32}$/;
