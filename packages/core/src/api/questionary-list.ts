/**
 * What the creator's list shows of a questionnaire's state and how it sorts, apart from questionary.ts and its
 * settings' schemas: importing a name from a module runs all of it, and questionary.ts builds its zod schemas as
 * it loads, so 我的问卷 (which needs only these names) loaded zod and built every settings schema first.
 */
export const questionaryStatuses = ["draft", "published", "stopped"] as const;
export type QuestionaryStatus = (typeof questionaryStatuses)[number];

export const questionaryStatusNames: Record<QuestionaryStatus, string> = {
  draft: "草稿",
  published: "已发布",
  stopped: "已暂停",
};

export const questionarySorts = [
  "updatedDesc",
  "createdDesc",
  "createdAsc",
  "responsesDesc",
  "titleAsc",
] as const;
export type QuestionarySort = (typeof questionarySorts)[number];
