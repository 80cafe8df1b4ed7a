import type { SurveyDefinition } from "@wjgj/core";
import { addSeconds } from "../clock.ts";
import { createSession, resolveSession } from "../commands/account/sessions.ts";
import { findUserByPhone } from "../commands/account/users.ts";
import { submitResponse } from "../commands/answering/submit.ts";
import { createQuestionnaire } from "../commands/questionnaires/drafts.ts";
import { publishQuestionnaire, updateQuestionnaireSettings } from "../commands/questionnaires/lifecycle.ts";
import type { AppContext } from "../context.ts";
import { type DemoQuestionnaire, demoQuestionnaires } from "./demo-definitions.ts";

/** A deterministic pseudo-random source, so every fresh demo database looks the same. */
export function demoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Question = SurveyDefinition["pages"][number]["questions"][number];

/**
 * Whether a demo question is shown given the answers so far: the demos' display logic is a chosen option
 * (selected) or a score at most a value (compare le), and the server refuses answers to hidden questions.
 */
function shown(question: Question, answers: Record<string, unknown>): boolean {
  const condition = question.showIf as
    | { kind: "selected"; questionId: string; optionIds: string[] }
    | { kind: "compare"; questionId: string; op: string; value: number }
    | undefined;
  if (!condition) return true;
  const answer = answers[condition.questionId];
  if (condition.kind === "selected") {
    const picked =
      (answer as { optionId?: string })?.optionId !== undefined
        ? [(answer as { optionId: string }).optionId]
        : ((answer as { optionIds?: string[] })?.optionIds ?? []);
    return picked.some((id) => condition.optionIds.includes(id));
  }
  if (condition.kind === "compare" && condition.op === "le")
    return typeof answer === "number" && answer <= condition.value;
  throw new Error(`demo question ${question.id}: unsupported display logic`);
}

/** A plausible answer for the demo's question types, biased towards the first options like real data. */
function demoAnswer(question: Question, next: () => number, texts: DemoQuestionnaire["texts"]): unknown {
  const options = (question.config as { options?: { id: string; correct?: boolean }[] }).options ?? [];
  const skewed = () =>
    options[Math.min(options.length - 1, Math.floor(next() ** 1.6 * options.length))]?.id ?? "";
  // Exam questions: most candidates know most answers, as in a real class, so the report looks like one.
  const correct = options.filter((option) => option.correct).map((option) => option.id);
  const knows = correct.length > 0 && next() < 0.75;
  switch (question.type) {
    case "single":
    case "voteSingle":
    case "trueFalse":
      return { optionId: knows ? correct[0] : skewed() };
    case "multiple":
    case "voteMultiple": {
      if (knows) return { optionIds: correct };
      const max = (question.config as { selection?: { max?: number } }).selection?.max ?? options.length;
      const picked = [...new Set([skewed(), skewed()])].slice(0, max);
      return { optionIds: picked };
    }
    case "star":
      return 5 - Math.floor(next() ** 2 * 4);
    case "nps":
      return 10 - Math.floor(next() ** 1.5 * 10);
    case "text":
    case "textarea": {
      // Each fill-in question answers from its own questionnaire's list: a watch survey gets watch wishes.
      const list = texts[question.id];
      if (!list || list.length === 0) throw new Error(`demo question ${question.id} has no answers written`);
      if (!question.required && next() < 0.5) return undefined;
      return list[Math.floor(next() * list.length)];
    }
    default:
      return undefined;
  }
}

/** One respondent's answers to a demo, question by question, skipping those its logic hides. */
export function demoResponse(
  definition: SurveyDefinition,
  texts: DemoQuestionnaire["texts"],
  next: () => number,
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    if (!shown(question, answers)) continue;
    const answer = demoAnswer(question, next, texts);
    if (answer !== undefined) answers[question.id] = answer;
  }
  return answers;
}

/**
 * Demo questionnaires of every kind for the demo user, published ones with a few hundred responses
 * submitted through the real submit path (spread over the last 30 days), so a newcomer sees full lists
 * and, later, charts at once. Runs only on an empty database.
 */
export async function seedDemoQuestionnaires(ctx: AppContext, phone = "13900000001"): Promise<void> {
  const user = await findUserByPhone(ctx.db, phone);
  if (!user) return;
  const { token } = await createSession(ctx.db, ctx.clock, 1, user, {
    ip: "127.0.0.1",
    userAgent: "seed",
    fromType: 1,
  });
  const viewer = await resolveSession(ctx.db, ctx.clock, token);
  if (!viewer) return;
  const next = demoRandom(20_261_122);
  const start = addSeconds(ctx.clock.now(), -30 * 86_400);
  for (const demo of demoQuestionnaires) {
    const row = await createQuestionnaire(ctx, viewer, {
      kind: demo.kind,
      title: demo.title,
      definition: demo.definition,
    });
    if (demo.settings) await updateQuestionnaireSettings(ctx, viewer, row.id, demo.settings);
    if (!demo.publish) continue;
    const published = await publishQuestionnaire(ctx, viewer, row.id);
    const revision = await ctx.db
      .selectFrom("questionnaire_revisions")
      .select(["id", "definition"])
      .where("questionnaireId", "=", published.id)
      .executeTakeFirstOrThrow();
    const definition = JSON.parse(revision.definition) as SurveyDefinition;
    for (let i = 0; i < demo.responses; i += 1) {
      const answers = demoResponse(definition, demo.texts, next);
      // Each response is submitted "at" a moment of the last 30 days, as if collected over time.
      const at = addSeconds(start, Math.floor((i / demo.responses) * 30 * 86_400 + next() * 3600));
      await submitResponse(
        { ...ctx, clock: { now: () => at } },
        null,
        {
          publicId: published.publicId,
          revisionId: revision.id,
          answers,
          durationSeconds: 40 + Math.floor(next() * 300),
          deviceId: `demo-device-${i}`,
          idempotencyKey: `demo-${published.publicId}-${i}`,
          source: next() < 0.6 ? "wechat" : "link",
        },
        { ip: `10.8.${Math.floor(i / 200)}.${i % 200}`, userAgent: "demo" },
      );
    }
  }
  await ctx.db.deleteFrom("sessions").where("userAgent", "=", "seed").execute();
}
