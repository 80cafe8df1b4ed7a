import { type Condition, type QuestionnaireKind, richTextToPlain, sanitizeRichText } from "@wjgj/core";
import { type Draft, type DraftItem, type DraftPage, IdPool, ImportReport } from "./draft.ts";
import { type LsMapped, mapLsQuestion } from "./limesurvey-questions.ts";
import {
  conditionsToCondition,
  type LsRef,
  type Resolve,
  relevanceToCondition,
} from "./limesurvey-relevance.ts";
import { type LsQuestion, type LsSurvey, readLss } from "./limesurvey-tables.ts";
import { importMessages as m } from "./messages.ts";
import { ImportRefusal, SafeZip } from "./zip.ts";

const rich = (html: string) => sanitizeRichText(html.trim());
/** Page and survey titles are plain text; LimeSurvey 3 lets them carry markup. */
const plainText = (html: string) => richTextToPlain(html).replace(/\s+/g, " ").trim();

class LsImporter {
  readonly ids = new IdPool();
  readonly report = new ImportReport();
  /** By question code, and by qid for the conditions table and SGQA names. */
  private readonly byCode = new Map<string, { ref: LsRef; question: LsQuestion }>();
  private readonly byQid = new Map<string, { ref: LsRef; question: LsQuestion }>();
  scored = false;
  number = 0;

  constructor(private readonly survey: LsSurvey) {}

  /** `Q1`, `Q1_SQ001`, `123X4X56`, `123X4X56SQ001`: a question and maybe one of its subquestions. */
  readonly resolve: Resolve = (name) => {
    const sgqa = /^\d+X\d+X(\d+)(.*)$/.exec(name);
    if (sgqa) {
      const found = this.byQid.get(sgqa[1] ?? "");
      if (!found) return null;
      const sub = sgqa[2] ?? "";
      return sub ? { ref: found.ref, sub } : { ref: found.ref };
    }
    const whole = this.byCode.get(name);
    if (whole) return { ref: whole.ref };
    const cut = name.lastIndexOf("_");
    if (cut <= 0) return null;
    const parent = this.byCode.get(name.slice(0, cut));
    return parent ? { ref: parent.ref, sub: name.slice(cut + 1) } : null;
  };

  pages(): DraftPage[] {
    const byGroup = new Map<string, LsQuestion[]>();
    for (const question of this.survey.questions)
      byGroup.set(question.gid, [...(byGroup.get(question.gid) ?? []), question]);
    const groups =
      this.survey.groups.length > 0
        ? this.survey.groups
        : [...byGroup.keys()].map((gid) => ({ gid, order: 0, name: "", description: "", relevance: "" }));
    return groups.map((group, index) => {
      const firstNumber = this.number + 1;
      const page: DraftPage = {
        id: this.ids.take(`g${group.gid}`, "p"),
        ...(group.name.trim() ? { title: plainText(group.name).slice(0, 200) } : {}),
        ...(group.description.trim() ? { description: rich(group.description).slice(0, 5000) } : {}),
        firstNumber,
        items: [],
      };
      const showIf = relevanceToCondition(group.relevance, this.resolve);
      if (showIf === null) this.report.page(index + 1, firstNumber, m.pageLogicDropped(group.relevance));
      else if (showIf !== "always") Object.assign(page, { showIf, logicSource: group.relevance });
      for (const question of byGroup.get(group.gid) ?? []) this.question(question, page.items);
      return page;
    });
  }

  private question(question: LsQuestion, into: DraftItem[]): void {
    this.number += 1;
    const label = question.text || question.code;
    const item: DraftItem = { question: {} as DraftItem["question"], number: this.number, label };
    const note = (text: string) => this.report.item(item, text);
    if (question.attributes.get("hidden") === "1") {
      note(m.hiddenQuestion());
      return;
    }
    const mapped = mapLsQuestion(question, this.survey.assessments);
    if ("skip" in mapped) {
      note(mapped.skip);
      return;
    }
    if (question.type === "O") note(m.lost("附加的评论框"));
    if (question.type === "P") note(m.lost("选项后的评论框"));
    const id = this.ids.take(question.code, "q");
    let title = rich(question.text);
    if (title.length > 5000) {
      note(m.truncated("题目", 5000));
      title = title.slice(0, 5000);
    }
    const body: Record<string, unknown> = {
      id,
      type: mapped.type,
      title,
      required: mapped.type !== "paragraph" && question.mandatory === "Y",
      config: mapped.config,
    };
    if (question.help.trim()) body.description = rich(question.help).slice(0, 20000);
    if (mapped.randomize) body.randomizeOptions = { keepLast: question.other ? 1 : 0 };
    if (mapped.assessed) {
      body.scoring = { mode: "perOption" };
      this.scored = true;
    }
    const showIf = this.logicOf(question);
    const own = question.relevance.trim();
    if (showIf === null) note(m.logicDropped(own && own !== "1" ? own : "条件设计器中的条件"));
    else if (showIf) {
      body.showIf = showIf;
      item.logicSource = question.relevance;
    }
    item.question = body as DraftItem["question"];
    into.push(item);
    this.register(question, id, mapped);
  }

  /** The relevance equation, or (older exports) the conditions table; undefined when always shown. */
  private logicOf(question: LsQuestion): Condition | null | undefined {
    const relevance = relevanceToCondition(question.relevance, this.resolve);
    if (relevance !== "always") return relevance;
    const rows = this.survey.conditions.filter((row) => row.qid === question.qid);
    return rows.length === 0 ? undefined : conditionsToCondition(rows, this.resolve);
  }

  private register(question: LsQuestion, id: string, mapped: LsMapped): void {
    const ref: LsRef = {
      id,
      kind: mapped.kind,
      options: mapped.options ?? new Map(),
      keys: mapped.keys ?? new Map(),
      columns: mapped.columns ?? new Map(),
    };
    this.byCode.set(question.code, { ref, question });
    this.byQid.set(question.qid, { ref, question });
  }
}

/** A LimeSurvey survey structure (.lss text) as a draft definition. */
export function lssDraft(text: string, fallbackTitle: string, kind?: QuestionnaireKind): Draft {
  const survey = readLss(text);
  const importer = new LsImporter(survey);
  const pages = importer.pages();
  const title = (plainText(survey.title) || fallbackTitle).slice(0, 200);
  const description = rich(survey.description);
  return {
    kind: kind ?? (importer.scored ? "exam" : "survey"),
    title,
    ...(description ? { description: description.slice(0, 20000) } : {}),
    pages,
    report: importer.report,
    sourceCount: importer.number,
  };
}

/**
 * A LimeSurvey archive (.lsa: the structure .lss with responses, tokens and timings). Entries are read in
 * memory under the zip caps; names are compared as text and never used as paths, and an entry whose name
 * is unsafe (`../`, absolute, drive letters) is not read at all.
 */
export async function lsaDraft(
  bytes: Uint8Array,
  fallbackTitle: string,
  kind?: QuestionnaireKind,
): Promise<Draft> {
  const zip = await SafeZip.open(bytes);
  if (!zip) throw new ImportRefusal(m.badLsa());
  const entry = zip
    .entries()
    .filter((candidate) => /\.lss$/i.test(candidate.name))
    .sort((a, b) => a.name.length - b.name.length)[0];
  if (!entry) throw new ImportRefusal(m.lsaWithoutLss());
  const text = new TextDecoder("utf-8").decode(await zip.inflate(entry.object));
  return lssDraft(text, fallbackTitle, kind);
}
