/**
 * Body codes of the `{ code, msg, data }` envelope (seed §7/§8). Business outcomes travel as HTTP 200
 * carrying one of these; transport failures (413, 500, unknown route) also keep their HTTP status.
 */
export const ResultCode = {
  ok: 200,
  otherLoginRequired: 202,
  notLoggedIn: 303,
  invalidInput: 400,
  /** The account's membership level does not include this; data.upgradeUrl leads to buying one. */
  upgradeRequired: 402,
  forbidden: 403,
  notFound: 404,
  requestTimeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  requestTooLong: 431,
  tooManyRequests: 429,
  serverError: 500,
  /** Filtered statistics of a large questionnaire: its index is still being prepared (data.progress, 0–100). */
  preparing: 503,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiResult<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface InvalidInputData {
  errors: FieldError[];
}
