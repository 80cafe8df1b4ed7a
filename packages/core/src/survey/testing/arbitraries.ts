import fc from "fast-check";
import type { Condition } from "../definition/condition.ts";
import { definitionSchema, type SurveyDefinition } from "../definition/definition.ts";
import type { QuestionInput } from "../definition/question.ts";
import type { ScoringRule } from "../definition/scoring-rule.ts";

/**
 * Random but valid definitions for property tests: every reference points backwards (jumps forwards), so
 * `checkDefinition` has nothing structural to say, while the logic mixes every feature the engine has:
 * question, option and page show logic, every jump target, select-connect/join, piping, computed values,
 * quotas, scoring, and 题目随机 (with jump sources and targets fixed, as the checker requires).
 */
const kinds = ["single", "multiple", "text", "number", "star", "paragraph"] as const;
type Kind = (typeof kinds)[number];
const isChoice = (kind: Kind) => kind === "single" || kind === "multiple";

const specArb = fc.record({
  kind: fc.constantFrom(...kinds),
  optionCount: fc.integer({ min: 1, max: 4 }),
  show: fc.integer({ min: 0, max: 5 }),
  ref: fc.nat(),
  opt: fc.nat(),
  jump: fc.integer({ min: 0, max: 6 }),
  jumpSeed: fc.nat(),
  connect: fc.boolean(),
  join: fc.integer({ min: 0, max: 3 }),
  required: fc.boolean(),
  optionShow: fc.boolean(),
  scoring: fc.integer({ min: 0, max: 5 }),
  scores: fc.array(fc.integer({ min: -3, max: 5 }), { minLength: 4, maxLength: 4 }),
  correct: fc.nat({ max: 15 }),
  newPage: fc.boolean(),
  pageShow: fc.integer({ min: 0, max: 3 }),
});
type Spec =
  fc.Arbitrary<typeof specArb extends fc.Arbitrary<infer T> ? T : never> extends fc.Arbitrary<infer U>
    ? U
    : never;

type Earlier = { id: string; kind: Kind; options: number }[];

function showCondition(spec: Spec, all: Earlier): Condition | undefined {
  // Layout items hold no answer, so conditions never read them.
  const earlier = all.filter((q) => q.kind !== "paragraph");
  const target = earlier[spec.ref % Math.max(earlier.length, 1)];
  if (!target || spec.show === 0) return undefined;
  const optionId = `o${spec.opt % target.options}`;
  if (spec.show === 1 && isChoice(target.kind))
    return { kind: "selected", questionId: target.id, optionIds: [optionId], match: "any" };
  if (spec.show === 2 && isChoice(target.kind))
    return { kind: "notSelected", questionId: target.id, optionIds: [optionId], match: "all" };
  if (spec.show === 3 && (target.kind === "number" || target.kind === "star")) {
    return { kind: "compare", questionId: target.id, op: "gt", value: 2 };
  }
  if (spec.show === 4) return { kind: "expression", expression: `ISBLANK($${target.id}) OR $c0 > 1` };
  return { kind: spec.show === 5 ? "notAnswered" : "answered", questionId: target.id };
}

function scoringOf(spec: Spec): ScoringRule | undefined {
  if (spec.kind === "text")
    return spec.scoring > 2
      ? { mode: "text", points: 3, accepted: ["a"], match: "contains", ignoreCase: true, ignoreSpaces: true }
      : undefined;
  if (!isChoice(spec.kind)) return undefined;
  const modes: (ScoringRule | undefined)[] =
    spec.kind === "single"
      ? [
          undefined,
          { mode: "single", points: 4 },
          { mode: "perOption" },
          { mode: "manual", points: 2 },
          undefined,
          undefined,
        ]
      : [
          undefined,
          { mode: "allOrNothing", points: 4 },
          { mode: "partialNoWrong", points: 4, perOption: 1.5 },
          { mode: "partial", points: 3, perOption: 2 },
          { mode: "perOption" },
          undefined,
        ];
  return modes[spec.scoring];
}

function buildQuestion(
  spec: Spec,
  index: number,
  n: number,
  pageIndex: number,
  earlier: Earlier,
): QuestionInput {
  const id = `q${index}`;
  const earlierChoices = earlier.filter((q) => isChoice(q.kind));
  const firstAnswerable = earlier.find((q) => q.kind !== "paragraph");
  const showIf = showCondition(spec, earlier);
  const later = n - index - 1;
  const jumpTargets = [
    undefined,
    later > 0 ? { kind: "question", questionId: `q${index + 1 + (spec.jumpSeed % later)}` } : undefined,
    { kind: "page", pageId: `p${pageIndex + 2 + (spec.jumpSeed % 2)}` },
    { kind: "submit" },
    { kind: "screenOut" },
  ];
  const target = jumpTargets[spec.jump];
  const source = earlierChoices[spec.ref % Math.max(earlierChoices.length, 1)];
  const joined = isChoice(spec.kind) && source !== undefined && spec.join === 1;
  // A joined question offers its source's options, so its own conditions must name those.
  const optionCount = joined && source ? source.options : spec.optionCount;
  // A layout item has no answer to test, so its jump is unconditional.
  const when: Condition | undefined = isChoice(spec.kind)
    ? { kind: "selected", questionId: id, optionIds: [`o${spec.opt % optionCount}`], match: "any" }
    : spec.kind === "paragraph"
      ? undefined
      : { kind: "answered", questionId: id };
  const question: Record<string, unknown> = {
    id,
    type: spec.kind,
    title: index > 0 ? `Q${index}：{{c0}}、{{q0}}` : "Q0",
    required: spec.required,
  };
  if (showIf) question.showIf = showIf;
  if (target) question.jumps = [when ? { when, target } : { target }];
  const scoring = scoringOf(spec);
  if (scoring) question.scoring = scoring;
  if (isChoice(spec.kind)) {
    // The checker asks a scored question for a correct option and a non-zero option score: the first
    // option stands in when the drawn ones have none.
    const correctBits = spec.correct % (1 << spec.optionCount) || 1;
    const anyScore = spec.scores.slice(0, spec.optionCount).some((score) => score !== 0);
    question.config = {
      options: Array.from({ length: spec.optionCount }, (_, o) => ({
        id: `o${o}`,
        label: `选项${o}`,
        score: o === 0 && !anyScore ? 1 : spec.scores[o],
        correct: (correctBits & (1 << o)) !== 0,
        ...(o === spec.optionCount - 1 && spec.optionCount > 1
          ? { other: { textRequired: spec.required } }
          : {}),
        // Some options count towards a quota of their own (option:<question>:<option> quota keys).
        ...(o === 1 && spec.correct % 3 === 0 ? { quota: 5 } : {}),
        ...(o === 0 && spec.optionShow && firstAnswerable
          ? { showIf: { kind: "answered", questionId: firstAnswerable.id } }
          : {}),
      })),
    };
    if (joined && source)
      question.optionSource = { questionId: source.id, mode: spec.opt % 2 ? "selected" : "unselected" };
    else if (source && spec.connect) {
      question.selectConnect = {
        questionId: source.id,
        mode: "chosen",
        links: [{ optionId: "o0", sourceOptionIds: ["o0"] }],
      };
    }
  } else if (spec.kind === "number")
    question.config = { range: { max: 15, level: spec.required ? "error" : "warning" } };
  else if (spec.kind === "text") question.config = spec.required ? { length: { max: 4 } } : {};
  else if (spec.kind === "star") question.config = { max: 5 };
  else question.config = {};
  return question as unknown as QuestionInput;
}

/** A page's show condition on a question of an earlier page (all of `earlier` when the page starts). */
function pageCondition(spec: Spec, earlier: Earlier): Condition | undefined {
  const answerable = earlier.filter((q) => q.kind !== "paragraph");
  const target = answerable[spec.ref % Math.max(answerable.length, 1)];
  if (!target || spec.pageShow === 0) return undefined;
  if (spec.pageShow === 2 && isChoice(target.kind))
    return { kind: "notSelected", questionId: target.id, optionIds: ["o0"], match: "any" };
  return { kind: spec.pageShow === 3 ? "notAnswered" : "answered", questionId: target.id };
}

function quotaCondition(questions: Earlier): Condition {
  const first = questions.find((q) => q.kind !== "paragraph");
  if (!first) return { kind: "computed", computedId: "c0", op: "ge", value: 1 };
  if (isChoice(first.kind))
    return { kind: "selected", questionId: first.id, optionIds: ["o0"], match: "any" };
  return { kind: "answered", questionId: first.id };
}

/** 题目随机 that the checker accepts: items with jumps, and question jump targets, stay fixed. */
function questionOrder(pages: { questions: QuestionInput[] }[], extraFixed: number): object {
  const questions = pages.flatMap((page) => page.questions);
  const fixed = new Set<string>();
  for (const question of questions) {
    for (const jump of question.jumps ?? []) {
      fixed.add(question.id);
      if (jump.target.kind === "question") fixed.add(jump.target.questionId);
    }
  }
  const extra = questions[extraFixed % Math.max(questions.length, 1)];
  if (extra) fixed.add(extra.id);
  return { fixedIds: [...fixed] };
}

export const definitionArb: fc.Arbitrary<SurveyDefinition> = fc
  .tuple(fc.array(specArb, { minLength: 1, maxLength: 10 }), fc.boolean(), fc.nat())
  .map(([specs, shuffle, extraFixed]) => {
    const pages: { questions: QuestionInput[]; showIf?: Condition }[] = [{ questions: [] }];
    const earlier: Earlier = [];
    specs.forEach((spec, index) => {
      if (spec.newPage && index > 0) {
        const showIf = pageCondition(spec, earlier);
        pages.push(showIf ? { questions: [], showIf } : { questions: [] });
      }
      const question = buildQuestion(spec, index, specs.length, pages.length - 1, earlier);
      pages[pages.length - 1]?.questions.push(question);
      const source = earlier.find((q) => q.id === question.optionSource?.questionId);
      earlier.push({ id: `q${index}`, kind: spec.kind, options: source?.options ?? spec.optionCount });
    });
    // Page jumps target one of the next two pages; trailing empty pages make those targets exist.
    pages.push({ questions: [] }, { questions: [] });
    return definitionSchema.parse({
      schemaVersion: 1,
      kind: "exam",
      title: "随机",
      pages: pages.map((page, i) => ({ id: `p${i + 1}`, ...page })),
      computed: [{ id: "c0", expression: "COUNT($q0) + 1" }],
      quotas: [{ id: "k", when: quotaCondition(earlier), limit: 3 }],
      settings: shuffle ? { randomizeQuestions: questionOrder(pages, extraFixed) } : {},
    });
  });

const junkArb = fc.constantFrom<unknown>(null, 42, "s", { optionId: 3 }, { optionIds: "x" }, []);

/** An answer for a question: usually of the right shape (valid or not), sometimes junk. */
export function answerArb(type: string, optionCount: number): fc.Arbitrary<unknown> {
  const ids = [...Array.from({ length: optionCount }, (_, o) => `o${o}`), "zz"];
  const right: Record<string, fc.Arbitrary<unknown>> = {
    single: fc.record(
      {
        optionId: fc.constantFrom(...ids),
        otherText: fc.option(fc.constantFrom("", "其他"), { nil: undefined }),
      },
      { requiredKeys: ["optionId"] },
    ),
    multiple: fc.record({ optionIds: fc.subarray(ids) }),
    text: fc.string({ maxLength: 6 }),
    number: fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constant(1.5)),
    star: fc.integer({ min: 0, max: 6 }),
    paragraph: fc.constant(undefined),
  };
  return fc.oneof(
    { weight: 8, arbitrary: right[type] ?? fc.constant(undefined) },
    { weight: 1, arbitrary: junkArb },
  );
}

export type AnswerOp = { questionId: string; value: unknown };

/** A sequence of setAnswer operations (with clears) over the definition's questions. */
export function scenarioArb(definition: SurveyDefinition): fc.Arbitrary<AnswerOp[]> {
  const questions = definition.pages.flatMap((page) => page.questions);
  const op = fc.nat({ max: questions.length - 1 }).chain((i) => {
    const question = questions[i];
    const count = question && "options" in question.config ? question.config.options.length : 0;
    return fc.record({
      questionId: fc.constant(question?.id ?? "q0"),
      value: fc.oneof(
        { weight: 6, arbitrary: answerArb(question?.type ?? "text", count) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    });
  });
  return fc.array(op, { maxLength: 25 });
}
