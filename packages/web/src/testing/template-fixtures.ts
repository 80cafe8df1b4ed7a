import type { TemplateCard } from "@wjgj/core";

/** An approved official template as the template calls return it; a test sets what it looks at. */
export function buildTemplateCard(overrides: Partial<TemplateCard> = {}): TemplateCard {
  return {
    id: 1,
    title: "消防安全调查",
    description: "",
    cover: "",
    kind: "survey",
    kindName: "问卷调查",
    categoryId: "",
    categoryName: "",
    professionId: null,
    professionName: "",
    tags: [],
    questionCount: 1,
    useCount: 0,
    official: true,
    featured: false,
    visibility: "public",
    reviewState: "approved",
    reviewStateName: "已通过",
    rejectReason: "",
    authorName: "问卷管家官方",
    createdAt: "2026-11-01 10:00:00",
    updatedAt: "2026-11-01 10:00:00",
    ...overrides,
  };
}
