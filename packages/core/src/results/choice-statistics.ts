import type {
  AllocationStatistics,
  ChoiceStatistics,
  OptionCount,
  RankingStatistics,
  RegionStatistics,
} from "../api/results.ts";
import type { Option } from "../survey/definition/option.ts";
import type { CascaderNode } from "../survey/types/choice/cascader.ts";
import { type CountTable, histogram, percent, round } from "./counts.ts";

export interface StatisticsHeader {
  questionId: string;
  type: string;
  title: string;
  number: number;
  answered: number;
  skipped: number;
}

/** Label of an option id no longer in this revision (answers from an older revision). */
export const removedOptionLabel = (id: string) => `（已删除的选项 ${id}）`;

/** Options of the definition first, then any ids counted that the revision no longer has. */
function withExtras(
  options: readonly Option[],
  counted: readonly string[],
): { id: string; label: string; isOther: boolean }[] {
  const known = new Set(options.map((option) => option.id));
  return [
    ...options.map((option) => ({ id: option.id, label: option.label, isOther: option.other !== undefined })),
    ...counted
      .filter((id) => !known.has(id))
      .map((id) => ({ id, label: removedOptionLabel(id), isOther: false })),
  ];
}

export function choiceStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  options: readonly Option[],
  multiple: boolean,
): ChoiceStatistics {
  const q = header.questionId;
  const counted = counts.withPrefix(q, `option:${q}:`);
  const byId = new Map(counted);
  const list: OptionCount[] = withExtras(
    options,
    counted.map(([id]) => id),
  ).map((option) => {
    const count = byId.get(option.id) ?? 0;
    return {
      optionId: option.id,
      label: option.label,
      isOther: option.isOther,
      count,
      percentage: percent(count, header.answered),
    };
  });
  const otherTextCount = counts.withPrefix(q, `other:${q}:`).reduce((sum, [, count]) => sum + count, 0);
  return { ...header, family: "choice", multiple, options: list, otherTextCount };
}

/** 多级联动: every node chosen at least once, in tree order, with its depth. */
export function cascaderStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  nodes: readonly CascaderNode[],
): ChoiceStatistics {
  const q = header.questionId;
  const byId = new Map(counts.withPrefix(q, `option:${q}:`));
  const options: ChoiceStatistics["options"] = [];
  const walk = (level: readonly CascaderNode[], depth: number, prefix: string) => {
    for (const node of level) {
      const count = byId.get(node.id) ?? 0;
      const label = prefix === "" ? node.label : `${prefix}/${node.label}`;
      if (count > 0) {
        options.push({
          optionId: node.id,
          label,
          isOther: false,
          count,
          percentage: percent(count, header.answered),
          level: depth,
        });
        byId.delete(node.id);
      }
      walk(node.children ?? [], depth + 1, label);
    }
  };
  walk(nodes, 1, "");
  for (const [id, count] of byId) {
    options.push({
      optionId: id,
      label: removedOptionLabel(id),
      isOther: false,
      count,
      percentage: percent(count, header.answered),
      level: 1,
    });
  }
  return { ...header, family: "choice", multiple: true, options, otherTextCount: 0 };
}

export function rankingStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  options: readonly Option[],
): RankingStatistics {
  const q = header.questionId;
  const positionsOf = new Map<string, number[]>();
  for (const [rest, count] of counts.withPrefix(q, `rank:${q}:`)) {
    const [id = "", position = ""] = rest.split(":");
    const index = Number(position) - 1;
    if (!Number.isInteger(index) || index < 0) continue;
    const positions = positionsOf.get(id) ?? [];
    while (positions.length <= index) positions.push(0);
    positions[index] = (positions[index] ?? 0) + count;
    positionsOf.set(id, positions);
  }
  const list = withExtras(options, [...positionsOf.keys()]).map((option, order) => {
    const positions = positionsOf.get(option.id) ?? [];
    const count = positions.reduce((sum, value) => sum + value, 0);
    const weighted = positions.reduce((sum, value, index) => sum + value * (index + 1), 0);
    return {
      optionId: option.id,
      label: option.label,
      count,
      averageRank: count === 0 ? null : round(weighted / count),
      positions,
      order,
    };
  });
  list.sort((a, b) => {
    if (a.averageRank === b.averageRank) return a.order - b.order;
    if (a.averageRank === null) return 1;
    if (b.averageRank === null) return -1;
    return a.averageRank - b.averageRank;
  });
  return { ...header, family: "ranking", options: list.map(({ order: _order, ...option }) => option) };
}

export function allocationStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  options: readonly Option[],
): AllocationStatistics {
  const q = header.questionId;
  return {
    ...header,
    family: "allocation",
    options: options.map((option) => {
      const points = histogram(counts.withPrefix(q, `num:${q}:${option.id}:`));
      const sum = points.reduce((total, [value, count]) => total + value * count, 0);
      return {
        optionId: option.id,
        label: option.label,
        sum,
        average: header.answered === 0 ? null : round(sum / header.answered),
      };
    }),
  };
}

export function regionStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  areaName: (code: string) => string,
): RegionStatistics {
  const q = header.questionId;
  const provinces = counts
    .withPrefix(q, `area:${q}:`)
    .map(([code, count]) => ({
      code,
      name: areaName(code),
      count,
      percentage: percent(count, header.answered),
    }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { ...header, family: "region", provinces };
}
