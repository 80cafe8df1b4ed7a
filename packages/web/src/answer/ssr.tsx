import type { AnswerPageData, AnswerPageInput } from "@wjgj/core/pages/answer";
import { evaluateSurvey } from "@wjgj/core/survey/index";
import { renderToString } from "react-dom/server";
import { App } from "./app.tsx";
import "./components/fields/all.ts";
import { fieldGroupsOf } from "./components/fields/registry.ts";
import * as screens from "./components/screens/gates-group.ts";
import * as exam from "./exam/exam-group.ts";
import { ExtraScreen } from "./extra-screens.tsx";
import { pageNeedsExam, pageNeedsScreens, provideExam, provideScreens } from "./lib/screens.ts";
import { firstPageOnly, indexDefinition, toView } from "./lib/view.ts";

// Every screen renders in the one pass the server makes (the browser fetches them as a chunk).
provideScreens(screens);
provideExam(exam);

/**
 * Server-side rendering of the respondent page (built to dist/server/answer-ssr.js, loaded by the server's
 * answer-pages.ts). The first page is computed by the same engine the browser runs, seeded with the same
 * device id, so hydration finds exactly the markup it would have rendered.
 */
export function prepareAnswerPage(input: AnswerPageInput): AnswerPageData {
  if (input.page !== "answer") return input;
  const { definition } = input.open;
  if (input.open.state !== "open" || input.open.gate !== null || !definition)
    return { ...input, initial: null };
  const result = evaluateSurvey(definition, {}, { today: input.today, seed: input.deviceId });
  return { ...input, initial: firstPageOnly(toView(result), indexDefinition(definition)) };
}

export function renderAnswerPage(data: AnswerPageData): { html: string } {
  return { html: renderToString(<App data={data} extraScreen={ExtraScreen} />) };
}

/**
 * The chunk groups the page needs before it hydrates: the field groups of the questionnaire's types
 * (fields/registry.ts) and the screens' (`gates`, lib/screens.ts). The server adds their chunks' preloads.
 */
export function fieldGroupsOfPage(data: AnswerPageData): string[] {
  const groups: string[] = data.page === "answer" ? fieldGroupsOf(data.open.definition) : [];
  // The exam's chunk comes through the screens' (lib/screens.ts loadExam).
  if (pageNeedsScreens(data) || pageNeedsExam(data)) groups.push("gates");
  if (pageNeedsExam(data)) groups.push("exam");
  return groups;
}
