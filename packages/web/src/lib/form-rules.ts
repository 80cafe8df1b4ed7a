import { messages, PHONE_PATTERN } from "@wjgj/core";

/** Field rules shared by every form that asks for a phone and an SMS code. */
export const phoneRules = [
  { required: true, message: messages.phoneRequired },
  { pattern: PHONE_PATTERN, message: messages.phoneInvalid },
];

export const codeRules = [
  { required: true, message: messages.codeRequired },
  { pattern: /^\d{6}$/, message: messages.codeInvalidFormat },
];
