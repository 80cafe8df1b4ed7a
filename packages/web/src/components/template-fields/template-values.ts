import type { QuestionnaireKind, TemplateCard } from "@wjgj/core";

/** What the template metadata fields hold (components/template-fields); each form adds its own fields. */
export interface TemplateFieldValues {
  title?: string;
  description?: string;
  kind: QuestionnaireKind;
  categoryId?: string;
  professionId?: number;
  tags?: string[];
  cover?: string;
}

/** A saved template as the fields show it: empty strings and null become unset, so selects show placeholders. */
export function templateFieldsOf(card: TemplateCard): TemplateFieldValues {
  return {
    description: card.description,
    kind: card.kind,
    categoryId: card.categoryId || undefined,
    professionId: card.professionId ?? undefined,
    tags: card.tags,
    cover: card.cover || undefined,
  };
}

/**
 * The metadata every template call takes, as the fields left it: blank text and no profession are left out
 * (the server keeps what it had), while tags always go, since an empty list is how they are cleared
 * (templatesApi.saveFromQuestionnaire drops an empty list itself).
 */
export function templateMetadataOf(values: TemplateFieldValues) {
  return {
    kind: values.kind,
    tags: values.tags ?? [],
    ...(values.description?.trim() ? { description: values.description.trim() } : {}),
    ...(values.professionId ? { professionId: values.professionId } : {}),
    ...(values.cover?.trim() ? { cover: values.cover.trim() } : {}),
  };
}
