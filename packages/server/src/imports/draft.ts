import {
  type Condition,
  idSchema,
  type QuestionInput,
  type QuestionnaireKind,
  richTextToPlain,
  type SurveyDefinition,
} from "@wjgj/core";
import { importMessages as m } from "./messages.ts";

/**
 * What an importer builds before validation: pages of mapped questions, each remembering where it came
 * from (its number in the source and its title) so that anything dropped later is reported on its line.
 */
export interface DraftItem {
  question: QuestionInput;
  /** 1-based position among the source's questions; absent for items the importer adds (题组 of a panel). */
  number?: number;
  /** The source title, plain, for report lines. */
  label: string;
  /** Where report lines place it when not 第N题 (a sheet row: 第5行). */
  prefix?: string;
  /** The source text of its show condition, named when the condition has to be dropped. */
  logicSource?: string;
}

export interface DraftPage {
  id: string;
  title?: string;
  description?: string;
  showIf?: Condition;
  logicSource?: string;
  /** The number of the first source question on the page (for ordering report lines). */
  firstNumber: number;
  items: DraftItem[];
}

export interface Draft {
  kind: QuestionnaireKind;
  title: string;
  description?: string;
  pages: DraftPage[];
  settings?: Record<string, unknown>;
  /** 计算值 and quotas: only our own exported definitions carry them. */
  computed?: Record<string, unknown>[];
  quotas?: Record<string, unknown>[];
  report: ImportReport;
  /** How many questions (and text items) the source has, mapped or not. */
  sourceCount: number;
}

export interface ImportCounts {
  questions: number;
  mapped: number;
  skipped: number;
}

export type ImportPreview =
  | {
      ok: true;
      definition: SurveyDefinition;
      title: string;
      /** What could not be carried over, one Chinese line each, in source order. */
      report: string[];
      counts: ImportCounts;
    }
  | { ok: false; message: string };

/** A title as a report line shows it: plain, one line, at most 20 characters. */
export function snippet(title: string): string {
  const plain = richTextToPlain(title).replace(/\s+/g, " ").trim();
  if (plain === "") return "（无标题）";
  return plain.length > 20 ? `${plain.slice(0, 20)}…` : plain;
}

/** Report lines collected while mapping, sorted by where in the source they belong. */
export class ImportReport {
  private readonly lines: { at: number; text: string }[] = [];

  survey(text: string): void {
    this.lines.push({ at: 0, text });
  }

  question(number: number | undefined, label: string, text: string, prefix?: string): void {
    if (number === undefined) this.lines.push({ at: 0, text });
    else {
      const at = prefix ? `${prefix}「${snippet(label)}」` : m.at(number, snippet(label));
      this.lines.push({ at: number, text: `${at}：${text}` });
    }
  }

  /** A line on a draft item, placed by its number and prefix. */
  item(item: Pick<DraftItem, "number" | "label" | "prefix">, text: string): void {
    this.question(item.number, item.label, text, item.prefix);
  }

  page(pageNumber: number, firstNumber: number, text: string): void {
    this.lines.push({ at: firstNumber - 0.5, text: `${m.pageAt(pageNumber)}：${text}` });
  }

  /** A line with its own prefix (a sheet row, a Word paragraph). */
  line(at: number, text: string): void {
    this.lines.push({ at, text });
  }

  list(): string[] {
    return [...this.lines].sort((a, b) => a.at - b.at).map((line) => line.text);
  }
}

/** Escapes plain text for a rich-text title, keeping line breaks (as the text import does). */
export function plainToRich(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r?\n/g, "<br>");
}

export function isValidId(id: string): boolean {
  return idSchema.safeParse(id).success;
}

/**
 * Hands out ids unique within one namespace: the source's own name when it is a valid id and free,
 * otherwise `<prefix><n>`. Pages and questions share one pool (the definition claims them together).
 */
export class IdPool {
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  take(preferred: string | undefined, prefix: string): string {
    const wanted = preferred?.trim();
    if (wanted && isValidId(wanted) && !this.used.has(wanted)) {
      this.used.add(wanted);
      return wanted;
    }
    let id: string;
    let counter = this.counters.get(prefix) ?? 0;
    do {
      counter += 1;
      id = `${prefix}${counter}`;
    } while (this.used.has(id));
    this.counters.set(prefix, counter);
    this.used.add(id);
    return id;
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}

/** Cuts text to a schema limit, reporting it on the item. */
export function limited(text: string, max: number, onCut: () => void): string {
  if (text.length <= max) return text;
  onCut();
  return text.slice(0, max);
}
