import type { SurveyDefinition } from "@wjgj/core";
import { chinaDayStart } from "../clock.ts";
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

const DEMO_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * When `count` demo responses came in over the last 30 China days, today included: weighted like a real
 * collection — a burst in the days after the link went out, a smaller one after a reminder half-way, fewer
 * at weekends, a floor so no day is empty — and within a day between 8:00 and 23:00 (today only up to
 * `now`). Sorted, so the answer list's order follows time. Evenly spread responses drew a flat 答卷趋势.
 */
export function demoMoments(count: number, now: Date, next: () => number): Date[] {
  const today = chinaDayStart(now).getTime();
  const firstDay = today - (DEMO_DAYS - 1) * DAY_MS;
  const weights = Array.from({ length: DEMO_DAYS }, (_, day) => {
    const burst = 6 * Math.exp(-day / 3);
    const reminder = day >= 16 ? 3 * Math.exp(-(day - 16) / 2) : 0;
    // The China weekday of the day (its start plus 8 hours is its UTC date's noon side).
    const weekday = new Date(firstDay + day * DAY_MS + 8 * 3_600_000).getUTCDay();
    return (1 + burst + reminder) * (weekday === 0 || weekday === 6 ? 0.6 : 1);
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const moments: Date[] = [];
  for (let i = 0; i < count; i += 1) {
    let pick = next() * total;
    let day = 0;
    while (day < DEMO_DAYS - 1 && pick >= (weights[day] ?? 0)) {
      pick -= weights[day] ?? 0;
      day += 1;
    }
    const dayStart = firstDay + day * DAY_MS;
    const open = dayStart + 8 * 3_600_000;
    const close = Math.min(dayStart + 23 * 3_600_000, now.getTime());
    // Before 8:00 today: the hours gone by.
    const at = close > open ? open + next() * (close - open) : dayStart + next() * (now.getTime() - dayStart);
    moments.push(new Date(Math.floor(at)));
  }
  return moments.sort((a, b) => a.getTime() - b.getTime());
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
  // Times from a stream of their own, so the answers stay the ones every demo database has had.
  const when = demoRandom(20_261_205);
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
    // Each response is submitted "at" a moment of the last 30 days, as if collected over time.
    const moments = demoMoments(demo.responses, ctx.clock.now(), when);
    for (let i = 0; i < demo.responses; i += 1) {
      const answers = demoResponse(definition, demo.texts, next);
      // The draw the evenly spread times took from this stream: the answers after it stay what they were.
      next();
      const at = moments[i] ?? ctx.clock.now();
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
