import { z } from "zod";
import { idSchema } from "../../definition/ids.ts";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

export interface CascaderNode {
  id: string;
  label: string;
  children?: CascaderNode[] | undefined;
}

const nodeSchema: z.ZodType<CascaderNode> = z.lazy(() =>
  z.object({ id: idSchema, label: z.string().max(200), children: z.array(nodeSchema).optional() }),
);

const configSchema = z.object({
  /** Level captions, e.g. ["学院", "专业", "班级"]; their count is the tree depth shown. */
  levels: z.array(z.string().max(50)).min(1).max(6),
  nodes: z.array(nodeSchema).max(5000),
});
export type CascaderConfig = z.output<typeof configSchema>;

const answerSchema = z.object({ path: z.array(z.string().min(1).max(64)).max(6) });
export type CascaderAnswer = z.output<typeof answerSchema>;

/** Walks the tree along the answer; null when a step does not exist. */
function resolvePath(nodes: readonly CascaderNode[], path: readonly string[]): CascaderNode[] | null {
  const found: CascaderNode[] = [];
  let level: readonly CascaderNode[] = nodes;
  for (const id of path) {
    const node = level.find((candidate) => candidate.id === id);
    if (!node) return null;
    found.push(node);
    level = node.children ?? [];
  }
  return found;
}

/**
 * 多级联动: a path of node ids from the root. The respondent must go down to a leaf. Conditions may test
 * any node on the path with `selected`.
 */
export const cascaderType = defineQuestionType({
  type: "cascader",
  name: questionTypeNames.cascader,
  group: "choice",
  configSchema,
  answerSchema,
  answerable: true,
  valueType: "list",
  valueTypeOf: (_config, key) => (key === undefined || key === "id" ? "list" : undefined),
  scoringModes: [],
  defaults: () => ({
    levels: ["省份", "城市"],
    nodes: [
      { id: "n1", label: "选项1", children: [{ id: "n1_1", label: "选项1-1" }] },
      { id: "n2", label: "选项2", children: [{ id: "n2_1", label: "选项2-1" }] },
    ],
  }),
  selected: (answer) => answer.path,
  isEmpty: (answer) => answer.path.length === 0,
  validate: (config, answer) => {
    const nodes = resolvePath(config.nodes, answer.path);
    if (!nodes) return [error("hiddenOption", m.hiddenOption())];
    const last = nodes[nodes.length - 1];
    const isLeaf = !last?.children || last.children.length === 0 || nodes.length >= config.levels.length;
    return isLeaf ? [] : [error("cascaderPath", m.cascaderPath())];
  },
  toText: (config, answer) =>
    (resolvePath(config.nodes, answer.path) ?? []).map((node) => node.label).join("/"),
  toValue: (config, answer, _options, key) =>
    key === "id" ? answer.path : (resolvePath(config.nodes, answer.path) ?? []).map((node) => node.label),
  stats: {
    empty: (): ChoiceStats => emptyChoiceStats,
    add: (_config, state, answer) => addChoice(state, [answer.path.join("/")]),
    merge: mergeChoice,
  },
});
