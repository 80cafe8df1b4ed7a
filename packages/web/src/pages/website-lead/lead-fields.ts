import type { FieldError } from "@wjgj/core";

export interface LeadFormValues {
  name: string;
  phone: string;
  company?: string;
  email?: string;
  content?: string;
}

export const LEAD_FIELDS: readonly (keyof LeadFormValues)[] = [
  "name",
  "phone",
  "company",
  "email",
  "content",
];

/** The server's `data.errors` as antd form fields: one entry per known field, its messages in order. */
export function leadFieldErrors(
  errors: readonly FieldError[],
): { name: keyof LeadFormValues; errors: string[] }[] {
  const byField = new Map<keyof LeadFormValues, string[]>();
  for (const { field, message } of errors) {
    const name = LEAD_FIELDS.find((known) => known === field);
    if (!name) continue;
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  return [...byField].map(([name, messages]) => ({ name, errors: messages }));
}

/** Trimmed values, empty optional fields left out so the server applies its defaults. */
export function leadPayload(values: LeadFormValues): LeadFormValues {
  const trim = (value: string | undefined) => (value ?? "").trim();
  const payload: LeadFormValues = { name: trim(values.name), phone: trim(values.phone) };
  for (const key of ["company", "email", "content"] as const) {
    const value = trim(values[key]);
    if (value) payload[key] = value;
  }
  return payload;
}
