import { checkDefinition, type Issue, parseDefinition, SURVEY_SCHEMA_VERSION } from "@wjgj/core";
import type { Draft, DraftItem, DraftPage, ImportPreview } from "./draft.ts";
import { importMessages as m } from "./messages.ts";

/**
 * Each pass repairs every issue it finds, so a file needs a few passes whatever its size (a repair can only
 * uncover issues one step further: a dropped question that another's condition read). The bound keeps a
 * hostile file from costing more than a few validations.
 */
const MAX_PASSES = 20;

/**
 * The definition input, with NUL characters dropped from every text: JSON escapes can carry them, the API
 * refuses any request holding one (PostgreSQL cannot store it), and no field of the product needs one.
 */
function assemble(draft: Draft): unknown {
  const input = {
    schemaVersion: SURVEY_SCHEMA_VERSION,
    kind: draft.kind,
    title: draft.title,
    ...(draft.description ? { description: draft.description } : {}),
    pages: draft.pages.map((page) => ({
      id: page.id,
      ...(page.title ? { title: page.title } : {}),
      ...(page.description ? { description: page.description } : {}),
      ...(page.showIf ? { showIf: page.showIf } : {}),
      questions: page.items.map((item) => item.question),
    })),
    ...(draft.settings ? { settings: draft.settings } : {}),
    ...(draft.computed ? { computed: draft.computed } : {}),
    ...(draft.quotas ? { quotas: draft.quotas } : {}),
  };
  return JSON.parse(JSON.stringify(input), (_key, value: unknown) =>
    typeof value === "string" ? value.replaceAll("\u0000", "") : value,
  );
}

function pruneEmptyPages(draft: Draft): void {
  const kept = draft.pages.filter((page) => page.items.length > 0);
  draft.pages = kept.length > 0 ? kept : draft.pages.slice(0, 1);
}

type Path = Issue["path"];

/** Whitespace and control characters folded into single spaces. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a name may not hold.
  return text.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
}
type Question = Record<string, unknown> & { config?: Record<string, unknown> };

/** One pass of repairs. Issues are located before anything changes, so their paths stay meaningful. */
class Repairs {
  private readonly dropped = new Set<DraftItem>();
  private readonly done = new Set<string>();
  count = 0;

  constructor(private readonly draft: Draft) {}

  /** Each kind of repair once per thing repaired, however many issues name it. */
  private once(key: string, repair: () => void): void {
    if (this.done.has(key)) return;
    this.done.add(key);
    this.count += 1;
    repair();
  }

  apply(issues: readonly Issue[]): void {
    const located = issues.map((issue) => ({ issue, at: this.locate(issue.path) }));
    for (const { issue, at } of located) {
      if (at === null) this.survey(issue);
      else if (at.item) this.item(at.item, at.rest, issue);
      else this.page(at.page, at.rest, issue);
    }
    if (this.dropped.size === 0) return;
    for (const page of this.draft.pages) page.items = page.items.filter((item) => !this.dropped.has(item));
    pruneEmptyPages(this.draft);
  }

  private locate(path: Path): { page: DraftPage; item?: DraftItem; rest: Path } | null {
    if (path[0] !== "pages" || typeof path[1] !== "number") return null;
    const page = this.draft.pages[path[1]];
    if (!page) return null;
    if (path[2] !== "questions" || typeof path[3] !== "number") return { page, rest: path.slice(2) };
    const item = page.items[path[3]];
    return item ? { page, item, rest: path.slice(4) } : null;
  }

  private survey(issue: Issue): void {
    const [field, index] = issue.path;
    if (field === "description") this.once("description", () => delete this.draft.description);
    const list =
      field === "computed" ? this.draft.computed : field === "quotas" ? this.draft.quotas : undefined;
    const entry = typeof index === "number" ? list?.[index] : undefined;
    if (!list || !entry) return;
    this.once(`${String(field)}:${index}`, () => {
      list.splice(list.indexOf(entry), 1);
      this.draft.report.survey(
        m.lost(`${field === "computed" ? "计算值" : "配额"}「${String(entry.name ?? "")}」`),
      );
    });
  }

  private page(page: DraftPage, rest: Path, issue: Issue): void {
    const [field] = rest;
    if (field === "showIf")
      this.once(`page:${page.id}:showIf`, () => {
        delete page.showIf;
        const number = this.draft.pages.indexOf(page) + 1;
        const line = page.logicSource ? m.pageLogicDropped(page.logicSource) : m.logicInvalid(issue.message);
        this.draft.report.page(number, page.firstNumber, line);
      });
    else if (field === "title" || field === "description")
      this.once(`page:${page.id}:${field}`, () => delete page[field]);
  }

  /** Gives up the part of an item an issue names (its logic, scoring, an option's logic), else the item. */
  private item(item: DraftItem, rest: Path, issue: Issue): void {
    if (this.dropped.has(item)) return;
    const question = item.question as Question;
    const [field, index, sub, subIndex] = rest;
    const key = `${String(question.id)}:${String(field)}`;
    const report = (text: string) => this.draft.report.item(item, text);
    if (field === "showIf") {
      this.once(key, () => {
        delete question.showIf;
        report(item.logicSource ? m.logicDropped(item.logicSource) : m.logicInvalid(issue.message));
      });
    } else if (field === "scoring") {
      this.once(key, () => {
        delete question.scoring;
        report(m.scoringDropped(issue.message));
      });
    } else if (field === "jumps" || field === "selectConnect" || field === "optionSource") {
      this.once(key, () => {
        delete question[field];
        report(m.lost(field === "optionSource" ? "引用选项" : "跳转或选项关联"));
      });
    } else if (field === "config" && index === "memberIds" && typeof sub === "number") {
      const members = question.config?.memberIds;
      const member = Array.isArray(members) ? members[sub] : undefined;
      if (Array.isArray(members) && member !== undefined)
        this.once(`${key}:member:${String(member)}`, () => members.splice(members.indexOf(member), 1));
    } else if (
      field === "config" &&
      index === "options" &&
      typeof sub === "number" &&
      subIndex === "showIf"
    ) {
      const option = (question.config?.options as Record<string, unknown>[] | undefined)?.[sub];
      if (option)
        this.once(`${key}:option:${String(option.id)}`, () => {
          delete option.showIf;
          report(m.optionLogicDropped(String(option.label ?? "")));
        });
    } else {
      this.once(`${key}:drop`, () => {
        this.dropped.add(item);
        report(m.questionInvalid(issue.message));
      });
    }
  }
}

/**
 * Turns a draft into the preview the user confirms. The definition must pass core's parseDefinition and
 * checkDefinition: whatever they refuse (a condition reading a later question, a question whose settings do
 * not fit) is given up part by part — the condition, the scoring, at worst the question — and reported, so
 * that what is created can always be published.
 */
export function finishDraft(draft: Draft): ImportPreview {
  // The title becomes the questionnaire's name: one line, never blank.
  draft.title = oneLine(draft.title).slice(0, 200) || "导入的问卷";
  pruneEmptyPages(draft);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const parsed = parseDefinition(assemble(draft));
    const issues = parsed.ok
      ? checkDefinition(parsed.definition).filter((issue) => issue.level === "error")
      : parsed.issues;
    if (parsed.ok && issues.length === 0) {
      const items = draft.pages.flatMap((page) => page.items);
      if (items.length === 0) return { ok: false, message: m.noQuestions() };
      const mapped = items.filter((item) => item.number !== undefined).length;
      return {
        ok: true,
        definition: parsed.definition,
        title: parsed.definition.title,
        report: draft.report.list(),
        counts: { questions: draft.sourceCount, mapped, skipped: Math.max(0, draft.sourceCount - mapped) },
      };
    }
    const repairs = new Repairs(draft);
    repairs.apply(issues);
    if (repairs.count === 0) break;
  }
  return { ok: false, message: m.failed() };
}
