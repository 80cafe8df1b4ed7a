import {
  type Condition,
  parseDefinition,
  parseSurveyText,
  type QuestionnaireKind,
  type SurveyDefinition,
} from "@wjgj/core";

/** An official template as written for the seed: metadata plus its questions in the text-import format. */
export interface OfficialTemplate {
  kind: QuestionnaireKind;
  /** One of the kind's scene categories (questionaryType/list), e.g. "exam-2". */
  categoryId: string;
  profession: string;
  title: string;
  description: string;
  tags: string[];
  /** The scene category's own cover (coverOf(categoryId)): every category has its drawing. */
  cover: string;
  /** Questions as an author pastes them into 文本导入 (题号、[题型]、答案、解析、分值). */
  text: string;
  /** Fields the text format has no marker for (手机、身份证、地区…) and logic, applied after parsing. */
  patch?: (questions: Questions) => void;
}

/** A template as written in the kind files; index.ts gives it its category's cover. */
export type TemplateSource = Omit<OfficialTemplate, "cover">;

/** The cover drawn for a scene category: packages/web/public/template-covers/<categoryId>.svg. */
export const coverOf = (categoryId: string): string => `/template-covers/${categoryId}.svg`;

type Question = SurveyDefinition["pages"][number]["questions"][number];

/** The parsed questions by id, with helpers for what the text format cannot say. */
export class Questions {
  constructor(private readonly definition: SurveyDefinition) {}

  private byId(id: string): Question {
    for (const page of this.definition.pages) {
      const found = page.questions.find((q) => q.id === id);
      if (found) return found;
    }
    throw new Error(`template has no question ${id}`);
  }

  /** 显示逻辑: `id` shows only when one of `options` (1-based) of `source` is chosen. */
  showWhen(id: string, source: string, options: number[]): this {
    const condition: Condition = {
      kind: "selected",
      questionId: source,
      optionIds: options.map((n) => `${source}_o${n}`),
      match: "any",
    };
    this.byId(id).showIf = condition;
    return this;
  }

  /** 显示逻辑 on a score: `id` shows only when the rating `source` is at most `value` (a low score asks why). */
  showWhenAtMost(id: string, source: string, value: number): this {
    this.byId(id).showIf = { kind: "compare", questionId: source, op: "le", value };
    return this;
  }

  /** 跳题逻辑: choosing one of `options` of `id` ends the questionnaire (screening questions). */
  endWhen(id: string, options: number[]): this {
    this.byId(id).jumps = [
      {
        when: {
          kind: "selected",
          questionId: id,
          optionIds: options.map((n) => `${id}_o${n}`),
          match: "any",
        },
        target: { kind: "screenOut" },
      },
    ] as Question["jumps"];
    return this;
  }

  /** Inserts a preset personal field (手机、身份证…) or a region question after `afterId` (or first). */
  insert(afterId: string | null, question: Record<string, unknown>): this {
    const page = this.definition.pages[0] as { questions: unknown[] };
    const at =
      afterId === null ? 0 : page.questions.findIndex((q) => (q as { id: string }).id === afterId) + 1;
    page.questions.splice(at, 0, question);
    return this;
  }
}

export const personal = (id: string, preset: string, title: string, unique = false) => ({
  id,
  type: "personal",
  title,
  required: true,
  config: { preset, ...(unique ? { unique: true } : {}) },
});

export const region = (id: string, title: string, levels = 3) => ({
  id,
  type: "region",
  title,
  required: true,
  config: { levels },
});

/** Vote kinds use the vote types, which show live results to voters. */
function asVote(definition: SurveyDefinition): SurveyDefinition {
  for (const page of definition.pages) {
    page.questions = page.questions.map((q) => {
      if (q.type === "single")
        return { ...q, type: "voteSingle", config: { ...q.config, showResults: "afterVote" } };
      if (q.type === "multiple")
        return { ...q, type: "voteMultiple", config: { ...q.config, showResults: "afterVote" } };
      return q;
    }) as Question[];
  }
  return definition;
}

/** The definition of an official template, parsed and checked by core exactly like a pasted text. */
export function definitionOf(template: OfficialTemplate): SurveyDefinition {
  const { definition, warnings } = parseSurveyText(template.text, {
    kind: template.kind,
    fallbackTitle: template.title,
  });
  if (warnings.length > 0)
    throw new Error(`${template.title}: ${warnings.map((w) => `${w.line}: ${w.message}`).join("; ")}`);
  const draft = structuredClone({ ...definition, kind: template.kind, title: template.title });
  template.patch?.(new Questions(draft));
  const parsed = parseDefinition(template.kind === "vote" ? asVote(draft) : draft);
  if (!parsed.ok)
    throw new Error(
      `${template.title}: ${parsed.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  return parsed.definition;
}
