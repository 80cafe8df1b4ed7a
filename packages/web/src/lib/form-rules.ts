import { messages, PHONE_PATTERN } from "@wjgj/core";

/** Field rules shared by every form that asks for a phone and an SMS code. */
export const phoneRules = [
  { required: true, message: messages.phoneRequired },
  { pattern: PHONE_PATTERN, message: messages.phoneInvalid },
];

/**
 * An empty code box is called out when the form is sent, not when the focus leaves it: 获取验证码 puts the
 * focus there, and going back to correct the phone must not complain of a code not received yet. ("onSubmit"
 * is no field event: such a rule runs only when the whole form is validated.)
 */
export const codeRules = [
  { required: true, message: messages.codeRequired, validateTrigger: "onSubmit" },
  { pattern: /^\d{6}$/, message: messages.codeInvalidFormat },
];
