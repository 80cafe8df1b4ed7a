import { type FieldError, type MessageKey, messages, ResultCode } from "@wjgj/core";

/**
 * Typed failures with a stable body code. Route handlers throw these; the central error handler turns
 * them into the `{ code, msg, data }` envelope. Messages come from the shared catalogue only.
 */
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
   * `summary: "key"` it is the catalogue message instead (many errors of one kind, e.g. a refused publish),
   * or the text given (that message in other words: messageOfKind).
   */
  constructor(
    errors: FieldError[],
    key: MessageKey = "invalidInput",
    summary: "first" | "key" | { text: string } = "first",
  ) {
    super(
      ResultCode.invalidInput,
      key,
      { errors },
      typeof summary === "object"
        ? summary.text
        : summary === "key"
          ? messages[key]
          : (errors[0]?.message ?? messages[key]),
    );
  }

  /** A single-field failure whose summary message is the field's own message (the key's, unless given). */
  static field(field: string, key: MessageKey, message: string = messages[key]): InvalidInputError {
    return new InvalidInputError([{ field, message }], key);
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
  constructor(key: MessageKey = "notFound") {
    super(ResultCode.notFound, key);
  }
}

export class ConflictError extends AppError {
  /** `message`: the key's message in other words (messageOfKind). */
  constructor(key: MessageKey, message: string = messages[key]) {
    super(ResultCode.conflict, key, null, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(key: MessageKey = "tooManyRequests") {
    super(ResultCode.tooManyRequests, key);
  }
}
