import type { SurveyDefinition } from "@wjgj/core";

/** Every id that shares the questionnaire-wide namespace: pages, questions, computed values, quotas. */
export function collectIds(definition: SurveyDefinition): Set<string> {
  const ids = new Set<string>();
  for (const page of definition.pages) {
    ids.add(page.id);
    for (const question of page.questions) ids.add(question.id);
  }
  for (const computed of definition.computed) ids.add(computed.id);
  for (const quota of definition.quotas) ids.add(quota.id);
  return ids;
}

/**
 * The first free `${prefix}${n}`. Readable ids (q12, p3) keep logic and exports legible; starting the
 * search at the count of taken ids makes the common case one probe even with hundreds of questions.
 */
export function nextId(taken: ReadonlySet<string>, prefix: string): string {
  let n = taken.size + 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** Ids for several new items at once, each also reserved against the others. */
export function nextIds(taken: ReadonlySet<string>, prefix: string, count: number): string[] {
  const reserved = new Set(taken);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = nextId(reserved, prefix);
    reserved.add(id);
    ids.push(id);
  }
  return ids;
}
