import { type FieldError, type MessageKey, messageOfKind, messages, ResultCode } from "@wjgj/core";

/**
 * Typed failures with a stable body code. Route handlers throw these; the central error handler turns
 * them into the `{ code, msg, data }` envelope. Messages come from the shared catalogue only.
 */
/** The catalogue's message of `key`, in the words of a questionnaire's kind when one is given. */
const catalogueMessage = (key: MessageKey, kind: string | undefined) =>
  kind === undefined ? messages[key] : messageOfKind(key, kind);

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly data: unknown = null,
    message: string = messages[messageKey],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends AppError {
  /**
   * The summary `msg` is the first field's message, so a toast alone already says what to fix; with
   * `summary: "key"` it is the catalogue message instead (many errors of one kind, e.g. a refused publish).
   * `kind`: the questionnaire the key's message is about, named by its kind (messageOfKind: 考试还没有题目).
   */
  constructor(
    errors: FieldError[],
    key: MessageKey = "invalidInput",
    summary: "first" | "key" = "first",
    kind?: string,
  ) {
    super(
      ResultCode.invalidInput,
      key,
      { errors },
      summary === "key" ? catalogueMessage(key, kind) : (errors[0]?.message ?? catalogueMessage(key, kind)),
    );
  }

  /** A single-field failure whose summary message is the field's own message (`kind`: as above). */
  static field(field: string, key: MessageKey, kind?: string): InvalidInputError {
    return new InvalidInputError([{ field, message: catalogueMessage(key, kind) }], key, "first", kind);
  }
}

export class NotLoggedInError extends AppError {
  constructor() {
    super(ResultCode.notLoggedIn, "notLoggedIn");
  }
}

export class OtherLoginRequiredError extends AppError {
  constructor() {
    super(ResultCode.otherLoginRequired, "otherLoginRequired");
  }
}

export class ForbiddenError extends AppError {
  constructor(key: MessageKey = "forbidden") {
    super(ResultCode.forbidden, key);
  }
}

export class NotFoundError extends AppError {
  /** `kind`: the questionnaire the key's message is about, named by its kind (messageOfKind). */
  constructor(key: MessageKey = "notFound", kind?: string) {
    super(ResultCode.notFound, key, null, catalogueMessage(key, kind));
  }
}

export class ConflictError extends AppError {
  /** `kind`: the questionnaire the key's message is about, named by its kind (messageOfKind). */
  constructor(key: MessageKey, kind?: string) {
    super(ResultCode.conflict, key, null, catalogueMessage(key, kind));
  }
}

export class TooManyRequestsError extends AppError {
  constructor(key: MessageKey = "tooManyRequests") {
    super(ResultCode.tooManyRequests, key);
  }
}
