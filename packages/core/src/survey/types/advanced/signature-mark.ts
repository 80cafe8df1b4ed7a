// No imports: the answer page loads this before interaction, where zod and the type registry must not be.

/** Appended to a signature answer whose image was drawn from a typed name (输入姓名). */
export const TYPED_SIGNATURE_MARK = "#typed";

export function isTypedSignature(answer: string): boolean {
  return answer.endsWith(TYPED_SIGNATURE_MARK);
}

/** The image's own URL, without the typed mark. */
export function signatureImage(answer: string): string {
  return isTypedSignature(answer) ? answer.slice(0, -TYPED_SIGNATURE_MARK.length) : answer;
}
