/** Thrown when WeChat refuses or cannot be reached; `errcode` is WeChat's own when it answered. */
export class WeChatApiError extends Error {
  constructor(
    message: string,
    readonly errcode: number | null,
  ) {
    super(message);
    this.name = "WeChatApiError";
  }
}
