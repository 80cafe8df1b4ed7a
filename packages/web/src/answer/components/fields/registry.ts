import type { SurveyDefinition } from "@wjgj/core/survey/index";
import { useSyncExternalStore } from "react";
import type { FieldComponent } from "../field-types.ts";

/**
 * The answer page's less common inputs — 数字, 日期, 时间 and 多项填空, 评分 (star, NPS, 量表, 滑块, 比重, 排序), matrices and tables, and the
 * advanced ones (文件上传, 签名, 地区, 个人信息, 级联) — are chunks of their own, so a page of choices and texts
 * downloads none of them (issue #37: the respondent page's first download). `main.tsx` loads the groups a
 * questionnaire uses before it hydrates, so the server's markup is matched; the server renderer and the logged-in
 * app's read-only view register them all up front (`all.ts`). A type whose group is not here yet (a gated
 * questionnaire's definition arrives later) renders an empty placeholder and fills in once its chunk lands.
 */

type Group = "text" | "rating" | "matrix" | "advanced" | "booking" | "product";

const groupOfType: Readonly<Record<string, Group>> = {
  number: "text",
  date: "text",
  time: "text",
  dateRange: "text",
  multiBlank: "text",
  star: "rating",
  nps: "rating",
  likert: "rating",
  slider: "rating",
  allocation: "rating",
  ranking: "rating",
  matrixSingle: "matrix",
  matrixMultiple: "matrix",
  matrixFill: "matrix",
  matrixScale: "matrix",
  matrixDropdown: "matrix",
  table: "matrix",
  file: "advanced",
  signature: "advanced",
  region: "advanced",
  personal: "advanced",
  cascader: "advanced",
  booking: "booking",
  product: "product",
};

const loaders: Readonly<Record<Group, () => Promise<unknown>>> = {
  text: () => import("./text-group.ts").then((group) => registerFields(group.textFields)),
  rating: () => import("./rating-group.ts").then((group) => registerFields(group.ratingFields)),
  matrix: () => import("./matrix-group.ts").then((group) => registerFields(group.matrixFields)),
  advanced: () => import("./advanced-group.ts").then((group) => registerFields(group.advancedFields)),
  booking: () => import("./booking-group.ts").then((group) => registerFields(group.bookingFields)),
  product: () => import("./product-group.ts").then((group) => registerFields(group.productFields)),
};

const fields = new Map<string, FieldComponent>();
const loading = new Map<Group, Promise<unknown>>();
const listeners = new Set<() => void>();
let version = 0;

/** Adds a group's inputs (its loader above, once its chunk is in; all.ts for every group at once). */
export function registerFields(components: Readonly<Record<string, FieldComponent>>): void {
  for (const [type, component] of Object.entries(components)) fields.set(type, component);
  version += 1;
  for (const listener of listeners) listener();
}

/** The groups `types` need that are not registered yet, loaded (each once); resolves when all are in. */
export function loadFieldsFor(types: Iterable<string>): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const type of types) {
    const group = groupOfType[type];
    if (!group || fields.has(type)) continue;
    let load = loading.get(group);
    if (!load) {
      // A failed download may be retried by the next render that needs it.
      load = loaders[group]().catch((error: unknown) => {
        loading.delete(group);
        throw error;
      });
      loading.set(group, load);
    }
    pending.push(load);
  }
  return Promise.all(pending).then(() => undefined);
}

/** The groups (chunks) a definition's types need: the server preloads them with its page (answer-pages.ts). */
export function fieldGroupsOf(definition: SurveyDefinition | null | undefined): Group[] {
  return [...new Set(typesOf(definition).flatMap((type) => groupOfType[type] ?? []))];
}

/** Every question type of a definition. */
export function typesOf(definition: SurveyDefinition | null | undefined): string[] {
  return (definition?.pages ?? []).flatMap((page) => page.questions.map((question) => question.type));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentVersion = () => version;

/** The registered input of a lazily loaded type (asking for its group when missing), or undefined until it is in. */
export function useLazyField(type: string): FieldComponent | undefined {
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  const field = fields.get(type);
  if (!field && groupOfType[type]) void loadFieldsFor([type]).catch(() => undefined);
  return field;
}

/** Whether `type` is one of the lazily loaded ones (else question-input.tsx renders it directly). */
export function isLazyType(type: string): boolean {
  return groupOfType[type] !== undefined;
}
