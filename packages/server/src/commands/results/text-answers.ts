import {
  isPersonalDataQuestion,
  maskPersonalValue,
  type Question,
  type ResultsFilter,
  type ResultsPage,
  type TextAnswerFile,
  type TextAnswerItem,
  textAnalysable,
} from "@wjgj/core";
import { isTextKey } from "@wjgj/core/text/answer-texts";
import { sql } from "kysely";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { uploadUrl } from "../uploads/files.ts";
import { filteredSet, responsesIn } from "./filter.ts";
import { findQuestion, resultsScope } from "./scope.ts";
import { hasCode, storedCodes } from "./text/codes.ts";

export interface TextAnswersInput {
  id: number;
  questionId: string;
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
  filter: ResultsFilter;
}

type Labeled = { id: string; label: string };

function labelIn(list: readonly Labeled[] | undefined, id: string): string {
  return list?.find((item) => item.id === id)?.label ?? id;
}

/** What a part of the answer is called in the listing: "" for the answer itself. */
function partLabel(question: Question, key: string): string {
  const rest = key.split(":").slice(2);
  const config = question.config as {
    options?: Labeled[];
    rows?: Labeled[];
    columns?: Labeled[];
    blanks?: { id: string; label: string }[];
  };
  const family = key.slice(0, key.indexOf(":"));
  if (family === "other") return `${labelIn(config.options, rest[0] ?? "")}（其他）`;
  if (family === "blank" || (family === "text" && config.blanks)) {
    const index = config.blanks?.findIndex((blank) => blank.id === rest[0]) ?? -1;
    return config.blanks?.[index]?.label || `填空${index + 1}`;
  }
  if (family === "cell")
    return `${labelIn(config.rows, rest[0] ?? "")} · ${labelIn(config.columns, rest[1] ?? "")}`;
  if (family === "text" && rest[0] === "start") return "开始日期";
  if (family === "text" && rest[0] === "end") return "结束日期";
  return "";
}

/**
 * `statistics/getTextAnswers`: one question's typed answers — texts, blanks, cells, 其他 texts, file names,
 * signatures — newest first, optionally searched, over valid (filtered) responses.
 */
export async function getTextAnswers(
  ctx: AppContext,
  viewer: Viewer,
  input: TextAnswersInput,
): Promise<ResultsPage<TextAnswerItem>> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  const question = findQuestion(definition, input.questionId);
  const { set, predicate } = filteredSet(ctx.dialect, definition, input);
  const keyword = input.keyword?.trim() ?? "";
  // Personal information is listed masked; searching it by content would tell what it holds.
  const personal = isPersonalDataQuestion(question);
  if (personal && keyword !== "") throw InvalidInputError.field("keyword", "personalSearchRefused");
  const matching = ctx.db
    .selectFrom("response_facts as f")
    .where("f.questionnaireId", "=", input.id)
    .where("f.questionId", "=", question.id)
    .where("f.text", "is not", null)
    // Latin letters in any case (App, APP, app), as 文本分析 counts words; Chinese as typed.
    .$if(keyword !== "", (qb) =>
      qb.where(
        ctx.dialect === "postgres"
          ? sql<boolean>`strpos(lower(f.text), ${keyword.toLowerCase()}) > 0`
          : sql<boolean>`instr(lower(f.text), ${keyword.toLowerCase()}) > 0`,
      ),
    )
    // Each fact's response looked up by id as the facts are walked newest first: the first page stops after
    // its 20 (0.1 ms for a million responses; `in (…)` first gathered every valid response: 430 ms).
    .where((eb) =>
      eb.exists(
        responsesIn(ctx.db, set, predicate)
          .select(sql.lit(1).as("one"))
          .where("responses.id", "=", eb.ref("f.responseId")),
      ),
    );
  const [page, total] = await Promise.all([
    matching
      .select("f.responseId")
      .distinct()
      .orderBy("f.responseId", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    matching
      .select((eb) => eb.fn.count<number>("f.responseId").distinct().as("count"))
      .executeTakeFirst()
      .then((row) => Number(row?.count ?? 0)),
  ]);
  const ids = page.map((row) => row.responseId);
  if (ids.length === 0) return { list: [], total, pageNum: input.pageNum, pageSize: input.pageSize };
  const [responses, facts, codes, openStored] = await Promise.all([
    ctx.db
      .selectFrom("responses")
      .select(["id", "submittedAt", "answers"])
      .where("questionnaireId", "=", input.id)
      .where("id", "in", ids)
      .execute(),
    ctx.db
      .selectFrom("response_facts")
      .select(["responseId", "key", "text"])
      .where("questionnaireId", "=", input.id)
      .where("questionId", "=", question.id)
      .where("responseId", "in", ids)
      .where("text", "is not", null)
      .orderBy("key")
      .execute(),
    textAnalysable(question) ? storedCodes(ctx.db, input.id, question.id) : Promise.resolve([]),
    answersOpener(ctx.db, input.id),
  ]);
  const byId = new Map(responses.map((row) => [row.id, row]));
  const list = ids.flatMap((id): TextAnswerItem[] => {
    const response = byId.get(id);
    if (!response) return [];
    const answer = openStored(response.answers)[question.id];
    const files: TextAnswerFile[] =
      question.type === "file"
        ? (answer as { fileId: string; name: string; size: number }[]).map((file) => ({
            fileId: file.fileId,
            name: file.name,
            size: file.size,
            url: uploadUrl(file.fileId),
          }))
        : [];
    const parts = facts
      .filter(
        (fact) =>
          fact.responseId === id &&
          !fact.key.startsWith("file:") &&
          !fact.key.startsWith("sign:") &&
          (fact.text ?? "") !== "",
      )
      .map((fact) => {
        // A personal question's fact holds a digest (privacy/sealing.ts): its text is the opened answer's.
        const text = personal ? String(answer ?? "").trim() : (fact.text ?? "");
        return {
          key: fact.key,
          label: partLabel(question, fact.key),
          text: personal ? maskPersonalValue(question, text) : text,
        };
      });
    return [
      {
        responseId: id,
        submittedAt: chinaDateTime(response.submittedAt),
        parts,
        files,
        signatureUrl: question.type === "signature" && typeof answer === "string" && !personal ? answer : "",
        codes: codes.flatMap((code) => {
          const texts = parts.filter((part) => isTextKey(part.key)).map((part) => part.text);
          return texts.length > 0 && hasCode(code, id, texts) ? [code.id] : [];
        }),
      },
    ];
  });
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
