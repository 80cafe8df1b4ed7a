import type { QuestionnaireKind, ResponseStatus, SurveyDefinition } from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { submitResponse } from "../src/commands/answering/submit.ts";
import { answersOpener } from "../src/commands/privacy/sealing.ts";
import { publishNew } from "./answering.ts";
import type { BuiltUser } from "./factories.ts";
import { nextInContext, type TestContext } from "./helpers.ts";

/** A published questionnaire of `definition` owned by `owner`, with its revision id. */
export async function publishedQuestionnaire(
  t: TestContext,
  owner: BuiltUser,
  definition: SurveyDefinition,
  kind: QuestionnaireKind = "survey",
) {
  const q = await publishNew(t, owner, { kind, title: definition.title, definition });
  const revision = await t.db
    .selectFrom("questionnaire_revisions")
    .select("id")
    .where("questionnaireId", "=", q.id)
    .orderBy("version", "desc")
    .executeTakeFirstOrThrow();
  return { id: q.id, publicId: q.publicId, revisionId: revision.id };
}

const sources = ["link", "wechat", "qrcode"] as const;

/** Submits through the real write path (core validation, facts, counters) at the test clock's time. */
export async function submitAnswers(
  t: TestContext,
  target: { publicId: string; revisionId: number },
  answers: Record<string, unknown>,
  extra: { durationSeconds?: number; source?: string } = {},
): Promise<number> {
  const seq = nextInContext(t);
  const reply = await submitResponse(
    t.ctx,
    null,
    {
      publicId: target.publicId,
      revisionId: target.revisionId,
      answers,
      durationSeconds: extra.durationSeconds ?? 30 + (seq % 200),
      deviceId: `dev-${seq}`,
      idempotencyKey: `idem-${Date.now()}-${seq}`,
      source: extra.source ?? sources[seq % sources.length] ?? "link",
    },
    { ip: `10.9.${seq % 200}.${seq % 250}`, userAgent: "vitest" },
  );
  if (reply.responseId === null) throw new Error("not stored");
  return reply.responseId;
}

/** A stored response with its answers parsed, as the property tests recount them. */
export interface StoredResponse {
  id: number;
  answers: Record<string, unknown>;
  status: string;
  submittedAt: string;
  source: string;
  durationSeconds: number;
}

/** The responses of a questionnaire in id order, only those of `status` when given. */
export async function storedResponses(
  t: TestContext,
  questionnaireId: number,
  status?: ResponseStatus,
): Promise<StoredResponse[]> {
  const rows = await t.db
    .selectFrom("responses")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .$if(status !== undefined, (qb) => qb.where("status", "=", status as ResponseStatus))
    .orderBy("id")
    .execute();
  // Personal answers are sealed at rest: opened as every reader of the product opens them.
  const openStored = await answersOpener(t.db, questionnaireId);
  return rows.map((row) => ({ ...row, answers: openStored(row.answers) }));
}

/** An exam of a scored single choice (4 points) and an essay graded by hand (6 points); passes at 6. */
export function gradedExam() {
  return buildSurvey(
    [
      {
        id: "q1",
        type: "single",
        title: "单选",
        config: {
          options: [
            { id: "a", label: "对", correct: true },
            { id: "b", label: "错" },
          ],
        },
        scoring: { mode: "single", points: 4 },
      },
      { id: "essay", type: "textarea", title: "简答", config: {}, scoring: { mode: "manual", points: 6 } },
    ],
    { kind: "exam", settings: { exam: { passMark: 6 } } },
  );
}
