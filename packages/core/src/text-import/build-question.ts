import { countInlineBlanks, type QuestionInput, type QuestionnaireKind } from "../survey/index.ts";
import { acceptedAnswers, blankAnswers, inlineAnswerOf, trueFalseAnswer } from "./answers.ts";
import { type ParsedBody, parseBody } from "./body.ts";
import { choiceScoring, toOptions } from "./choice.ts";
import { DEFAULT_POINTS, limitText, plainToRich, type Warn } from "./context.ts";
import { buildLikert, buildMatrix, buildStar } from "./grid.ts";
import { type MarkerType, parseMarkers } from "./markers.ts";
import type { RawQuestion } from "./scan.ts";

type QuestionKindType = Exclude<MarkerType, "paragraph" | "pageBreak"> | "inlineBlank";

const truthFalsePairs = [
  ["对", "错"],
  ["正确", "错误"],
  ["√", "×"],
  ["是", "否"],
];

interface Context {
  kind: QuestionnaireKind;
  warn: Warn;
}

function decideType(
  marker: MarkerType | undefined,
  body: ParsedBody,
  title: string,
  answer: string | undefined,
  ctx: Context,
  hasSelection: boolean,
): QuestionKindType {
  const blanks = countInlineBlanks(title);
  if (marker === "multiBlank") return blanks > 0 && body.options.length === 0 ? "inlineBlank" : "multiBlank";
  if (marker === "text" && blanks >= 2) return "inlineBlank";
  if (marker && marker !== "paragraph" && marker !== "pageBreak") return marker;
  if (body.options.some((option) => option.bullet === "multiple")) return "multiple";
  if (hasSelection) return "multiple";
  const exam = ctx.kind === "exam" || ctx.kind === "knowledge" || answer !== undefined;
  if (body.options.length > 0) {
    if (answer && /^[A-Za-z]{2,}$/.test(answer.replace(/[\s、,，]/g, ""))) return "multiple";
    const labels = body.options.map((option) => option.label);
    const isPair = truthFalsePairs.some(
      ([yes, no]) => labels.length === 2 && labels[0] === yes && labels[1] === no,
    );
    return isPair && exam && labels[0] !== "是" ? "trueFalse" : "single";
  }
  if (answer && trueFalseAnswer(answer, ["对", "错"]) !== undefined && !/^[AB]$/i.test(answer.trim())) {
    return "trueFalse";
  }
  return blanks >= 2 ? "inlineBlank" : "text";
}

/** Lines under a question that takes no options are kept as its description rather than lost. */
function extraLinesAsDescription(body: ParsedBody, raw: RawQuestion, warn: Warn): void {
  if (body.options.length === 0) return;
  warn(body.options[0]?.line ?? raw.line, "该题型没有选项，题目下方的文字已作为题目说明");
  body.description.push(...body.options.map((option) => option.label));
  body.options = [];
}

/** 解析： lines become the question's 答案解析 (plain text) in exams and contests; elsewhere nobody sees one. */
function explanationOf(body: ParsedBody, ctx: Context): string | undefined {
  const first = body.explanation[0];
  if (!first) return undefined;
  if (ctx.kind !== "exam" && ctx.kind !== "knowledge") {
    ctx.warn(first.line, "答案解析只用于考试和知识竞赛，已忽略");
    return undefined;
  }
  return limitText(body.explanation.map((line) => line.text).join("\n"), 5000, first.line, ctx.warn);
}

/** Turns one raw question into a core question (id q{n}); scoring when the text gives answers. */
export function buildQuestion(raw: RawQuestion, id: string, ctx: Context): QuestionInput {
  const { warn } = ctx;
  const markers = parseMarkers(raw.header.text);
  const body = parseBody(raw.body);
  let title = markers.rest;
  const inline = body.answer ? undefined : inlineAnswerOf(title);
  const answerText = body.answer?.text ?? inline?.answer;
  const type = decideType(markers.type, body, title, answerText, ctx, markers.selection !== undefined);
  const choiceLike = ["single", "multiple", "dropdown", "trueFalse"].includes(type);
  if (inline && choiceLike) title = inline.title;
  const answer = body.answer ?? (inline && choiceLike ? { line: raw.line, text: inline.answer } : undefined);
  if (title === "") {
    warn(raw.line, "题目没有标题");
    title = "请输入题目";
  }
  const points = markers.points ?? body.points ?? DEFAULT_POINTS;
  const base = {
    id,
    title: plainToRich(limitText(title, 5000, raw.line, warn)),
    required: markers.required || raw.header.required,
  };
  const explanation = explanationOf(body, ctx);
  const describe = <Q extends QuestionInput>(question: Q): Q => ({
    ...question,
    ...(body.description.length > 0 ? { description: plainToRich(body.description.join("\n")) } : {}),
    ...(explanation ? { explanation } : {}),
  });

  switch (type) {
    case "single":
    case "multiple":
    case "dropdown":
    case "ranking": {
      let parsed = body.options;
      if (parsed.length === 0) {
        warn(raw.line, "选择题没有选项，已添加默认选项");
        parsed = [1, 2].map((n) => ({ line: raw.line, label: `选项${n}` }));
      }
      if (type === "ranking" && parsed.length > 50) warn(raw.line, "排序题最多 50 个选项，多出的已忽略");
      const options = toOptions(id, type === "ranking" ? parsed.slice(0, 50) : parsed, warn, {
        exclusive: type === "multiple",
        other: type !== "ranking",
      });
      if (type === "ranking") {
        if (answer) warn(answer.line, "排序题不能设置答案，已忽略");
        return describe({ ...base, type, config: { options } });
      }
      const scoring = choiceScoring({
        options: parsed,
        built: options,
        ...(answer ? { answer } : {}),
        multiple: type === "multiple",
        points,
        kind: ctx.kind,
        warn,
      });
      const correct = new Set(scoring.optionIds);
      const marked = options.map((option) =>
        correct.has(option.id) ? { ...option, correct: true } : option,
      );
      const withScoring = scoring.scoring ? { scoring: scoring.scoring } : {};
      if (type === "multiple") {
        const selection = markers.selection;
        const valid =
          selection &&
          (selection.max ?? 1) <= marked.length &&
          (selection.min ?? 0) <= (selection.max ?? marked.length);
        if (selection && !valid) warn(raw.line, "可选项数的限制与选项个数不符，已忽略");
        return describe({
          ...base,
          type,
          config: { options: marked, ...(valid ? { selection } : {}) },
          ...withScoring,
        });
      }
      return describe({ ...base, type, config: { options: marked }, ...withScoring });
    }
    case "trueFalse": {
      const given = body.options.map((option) => option.label);
      if (given.length > 2) warn(body.options[2]?.line ?? raw.line, "判断题只有两个选项，多出的已忽略");
      const labels: [string, string] =
        given.length >= 2 ? [given[0] ?? "对", given[1] ?? "错"] : ["对", "错"];
      const options = labels.map((label, index) => ({ id: `${id}_o${index + 1}`, label }));
      const correctIndex =
        answer && answer.text !== ""
          ? trueFalseAnswer(answer.text, labels)
          : (body.options.findIndex((option) => option.correct) as 0 | 1 | -1);
      if (answer && answer.text !== "" && correctIndex === undefined) {
        warn(answer.line, `判断题答案「${answer.text}」无法识别（可写 对/错、正确/错误、√/×）`);
      }
      if (correctIndex === 0 || correctIndex === 1) {
        const marked = options.map((option, index) =>
          index === correctIndex ? { ...option, correct: true } : option,
        );
        return describe({ ...base, type, config: { options: marked }, scoring: { mode: "single", points } });
      }
      return describe({ ...base, type, config: { options } });
    }
    case "text": {
      extraLinesAsDescription(body, raw, warn);
      const accepted = answer ? acceptedAnswers(answer.text) : [];
      const scoring = accepted.length > 0 ? { scoring: { mode: "text" as const, points, accepted } } : {};
      return describe({ ...base, type, config: {}, ...scoring });
    }
    case "textarea": {
      extraLinesAsDescription(body, raw, warn);
      if (answer) warn(answer.line, "简答题的参考答案不会显示给答题者，已设为人工评分");
      const manual = answer || markers.points !== undefined || body.points !== undefined;
      return describe({
        ...base,
        type,
        config: {},
        ...(manual ? { scoring: { mode: "manual" as const, points } } : {}),
      });
    }
    case "inlineBlank":
    case "multiBlank": {
      const inlineCount = countInlineBlanks(title);
      const labels =
        type === "inlineBlank"
          ? Array.from({ length: inlineCount }, () => "")
          : body.options.map((option) => option.label.replace(/[_＿]+/g, "").replace(/[:：\s]+$/, ""));
      if (type === "multiBlank" && labels.length === 0) {
        warn(raw.line, "多项填空题没有填空项（每行写一个，如「姓名：____」），已添加两个");
        labels.push("填空1", "填空2");
      }
      if (labels.length > 50) warn(raw.line, "填空项最多 50 个，多出的已忽略");
      const blanks = labels
        .slice(0, 50)
        .map((label, index) => ({ id: `${id}_b${index + 1}`, label: label.slice(0, 200) }));
      if (!answer) return describe({ ...base, type, config: { blanks } });
      const perBlank = blankAnswers(answer.text);
      if (perBlank.length !== blanks.length) {
        warn(answer.line, `答案有 ${perBlank.length} 项，填空有 ${blanks.length} 个，已按顺序对应`);
      }
      const accepted = Object.fromEntries(
        blanks.flatMap((blank, index) => (perBlank[index] ? [[blank.id, perBlank[index]]] : [])),
      );
      // A score for the whole question is shared among its blanks.
      const given = markers.points ?? body.points;
      const pointsPerBlank = given === undefined ? DEFAULT_POINTS : given / blanks.length;
      return describe({
        ...base,
        type,
        config: { blanks },
        scoring: { mode: "blanks", pointsPerBlank, accepted },
      });
    }
    case "matrixSingle":
    case "matrixMultiple":
    case "matrixScale":
    case "matrixFill":
      return describe(buildMatrix(base, type, body, raw.line, warn));
    case "likert":
      return describe(buildLikert(base, body, raw.line, warn));
    case "star":
      return describe(buildStar(base, body, raw.line, warn));
    case "nps":
    case "number":
    case "date":
      extraLinesAsDescription(body, raw, warn);
      return describe({ ...base, type, config: {} });
  }
}
