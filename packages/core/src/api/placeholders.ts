/** A catalogue message with its `{name}` placeholders filled from `values` (unknown ones left as they are). */
export function fillPlaceholders(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
