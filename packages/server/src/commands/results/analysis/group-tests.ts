import type { AnalysisGroupRef, AnalysisOutcome, PostHocMethod } from "@wjgj/core/api/analysis";
import { independentTTest, kruskalWallis, mannWhitneyU, oneWayAnova } from "@wjgj/core/stats/index";
import { type AnalysisColumns, categorize, columnOf, present } from "./data.ts";
import type { MethodPlan } from "./method-plan.ts";
import { codedOf, distinct, numericOf, refOf } from "./resolve.ts";
import { analysisError } from "./scope.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

type TwoGroupMethod = "independentT" | "mannWhitney";
type ManyGroupMethod = "anova" | "kruskalWallis";

interface GroupedInput {
  test: readonly string[];
  group: string;
}

function resolveGrouped(catalogue: Catalogue, input: GroupedInput, method: TwoGroupMethod | ManyGroupMethod) {
  const tests = input.test.map((name, i) => numericOf(catalogue, name, `request.test.${i}`, method));
  distinct(tests, "request.test");
  const group = codedOf(catalogue, input.group, "request.group", "分组变量");
  return { tests, group };
}

/** The group variable's codes that some response in the filter has, in code order. */
function answeredCodes(group: CatalogueVariable, data: AnalysisColumns): AnalysisGroupRef[] {
  const categories = categorize(
    columnOf(data, group.name),
    group.values.map((v) => v.value),
  );
  const seen = new Uint8Array(group.values.length);
  for (const k of categories) if (k >= 0) seen[k] = 1;
  return group.values.filter((_, k) => seen[k] === 1).map(({ value, label }) => ({ value, label }));
}

/** Each test variable's values split by the group codes. */
function split(data: AnalysisColumns, test: CatalogueVariable, group: CatalogueVariable, codes: number[]) {
  const x = columnOf(data, test.name);
  const categories = categorize(columnOf(data, group.name), codes);
  const groups = codes.map((): number[] => []);
  for (let i = 0; i < x.length; i++) {
    const k = categories[i] as number;
    const value = x[i];
    if (k >= 0 && present(value)) (groups[k] as number[]).push(value);
  }
  return groups;
}

/**
 * Independent-samples t and Mann–Whitney U: the two codes asked for, else the first two codes with answers
 * (PSPP's T-TEST GROUPS=g(a b) and NPAR TESTS /M-W= g(a b)). Group 1 − group 2 is the difference reported.
 */
export function planTwoGroups(
  catalogue: Catalogue,
  method: TwoGroupMethod,
  input: GroupedInput & { groups?: [number, number] | undefined },
): MethodPlan {
  const { tests, group } = resolveGrouped(catalogue, input, method);
  if (input.groups) {
    const [a, b] = input.groups;
    for (const [k, value] of [a, b].entries())
      if (!group.values.some((v) => v.value === value))
        throw analysisError(`request.groups.${k}`, "analysisGroupCodeUnknown", { label: group.label, value });
    if (a === b) throw analysisError("request.groups", "analysisGroupsSame");
  }
  return {
    variables: [...tests, group],
    weightable: false,
    run(data): AnalysisOutcome {
      const chosen = input.groups
        ? input.groups.map((value) => group.values.find((v) => v.value === value) as AnalysisGroupRef)
        : answeredCodes(group, data).slice(0, 2);
      if (chosen.length < 2)
        throw analysisError("request.group", "analysisTooFewGroups", { label: group.label });
      const groups = [groupRef(chosen[0]), groupRef(chosen[1])] as [AnalysisGroupRef, AnalysisGroupRef];
      const codes = groups.map((g) => g.value);
      const items = tests.map((test) => {
        const [first, second] = split(data, test, group, codes) as [number[], number[]];
        return { test, first, second };
      });
      if (method === "independentT")
        return {
          method,
          group: refOf(group),
          groups,
          items: items.map(({ test, first, second }) => ({
            variable: refOf(test),
            result: independentTTest(first, second),
          })),
        };
      return {
        method,
        group: refOf(group),
        groups,
        items: items.map(({ test, first, second }) => ({
          variable: refOf(test),
          result: mannWhitneyU(first, second),
        })),
      };
    },
  };
}

/** A code and its label, without whatever else the value label carries. */
function groupRef(group: AnalysisGroupRef | undefined): AnalysisGroupRef {
  const { value, label } = group as AnalysisGroupRef;
  return { value, label };
}

/**
 * One-way ANOVA and Kruskal–Wallis: every code of the group variable with answers is a group, in code order
 * (PSPP's ONEWAY … BY g and NPAR TESTS /K-W= g(lowest highest)).
 */
export function planManyGroups(
  catalogue: Catalogue,
  method: ManyGroupMethod,
  input: GroupedInput & { postHoc?: PostHocMethod | undefined },
): MethodPlan {
  const { tests, group } = resolveGrouped(catalogue, input, method);
  return {
    variables: [...tests, group],
    weightable: false,
    run(data): AnalysisOutcome {
      const groups = answeredCodes(group, data);
      if (groups.length < 2)
        throw analysisError("request.group", "analysisTooFewGroups", { label: group.label });
      const codes = groups.map((g) => g.value);
      if (method === "anova")
        return {
          method,
          group: refOf(group),
          groups,
          postHoc: input.postHoc ?? "tukey",
          items: tests.map((test) => ({
            variable: refOf(test),
            result: oneWayAnova(split(data, test, group, codes)),
          })),
        };
      return {
        method,
        group: refOf(group),
        groups,
        items: tests.map((test) => ({
          variable: refOf(test),
          result: kruskalOverGroups(split(data, test, group, codes)),
        })),
      };
    },
  };
}

/**
 * Core's Kruskal–Wallis leaves out groups without values; the outcome lists the same groups for every test
 * variable, so a group this variable has no values in is put back with n = 0 (and a mean rank of 0, which the
 * page shows as “—” beside n = 0).
 */
function kruskalOverGroups(groups: number[][]) {
  const result = kruskalWallis(groups);
  if (!result.ok || result.groupN.length === groups.length) return result;
  const groupN: number[] = [];
  const meanRanks: number[] = [];
  let k = 0;
  for (const g of groups) {
    if (g.length === 0) {
      groupN.push(0);
      meanRanks.push(0);
    } else {
      groupN.push(result.groupN[k] ?? 0);
      meanRanks.push(result.meanRanks[k] ?? 0);
      k++;
    }
  }
  return { ...result, groupN, meanRanks };
}
