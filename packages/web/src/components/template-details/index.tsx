import type { TemplateDetail } from "@wjgj/core";
import { Skeleton, Tag } from "antd";
import { memo, Suspense } from "react";
import type { ReadOnlySurveyProps } from "../../answer/components/read-only/read-only-survey.tsx";
import { READ_ONLY_SCOPE } from "../../answer/components/read-only/scoped-styles.tsx";
import { lazyExport } from "../../lib/on-demand.tsx";
import "./template-details.css";

/*
 * A template's own page, in the console (/questionnaireDetails) and on the public site (/website/free/:id):
 * the same facts and the same read-only preview. Each page passes its BEM block (`block`), so its own
 * stylesheet sizes and colours them; the layout both share lives in template-details.css, imported here so
 * the website's server renderer links it with the page chunk (packages/server/src/http/website-pages.ts).
 */

/**
 * The questions load after the rest of the page (preview-survey.tsx): drawing them takes every question type's
 * module and zod, which the facts and 使用此模板 do not. The server renders them into the page all the same
 * (react-dom's `prerender` waits for lazy parts), the browser keeps that markup until the chunk is in, and
 * the website's server renderer links the chunk's stylesheet too (website-pages.ts follows dynamic imports).
 */
const PreviewSurvey = lazyExport(
  () => import("./preview-survey.tsx"),
  (module) => module.PreviewSurvey,
);

/** The name, description, tags and facts (题目数, 使用次数, 作者) beside the preview. */
export function TemplateSummary({ template, block }: { template: TemplateDetail; block: string }) {
  // Kind, scene and profession have tags of their own; the same word among the free tags would repeat it.
  const named = new Set([template.kindName, template.categoryName, template.professionName]);
  const tags = template.tags.filter((tag) => !named.has(tag));
  return (
    <>
      <h1 className={`wj-tpl-summary__title ${block}__title`}>{template.title}</h1>
      {template.description ? (
        <p className={`wj-tpl-summary__desc ${block}__desc`}>{template.description}</p>
      ) : null}
      <div className={`wj-tpl-summary__tags ${block}__tags`}>
        <Tag color="blue">{template.kindName}</Tag>
        {template.categoryName ? <Tag>{template.categoryName}</Tag> : null}
        {template.professionName ? <Tag>{template.professionName}</Tag> : null}
        {tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
      </div>
      <dl className={`wj-tpl-summary__facts ${block}__facts`}>
        <div>
          <dt>题目数</dt>
          <dd>{template.questionCount} 题</dd>
        </div>
        <div>
          <dt>使用次数</dt>
          <dd>{template.useCount} 次</dd>
        </div>
        <div>
          <dt>作者</dt>
          <dd>{template.authorName}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * Every question of the template, drawn by the respondent page's own cards and disabled. Memoised: the page
 * re-renders as it hydrates (the session's 使用此模板 switches then), and a Suspense boundary that receives an
 * update before its chunk is in gives up the server's markup for its fallback; with the same props this one
 * is left alone and hydrates once the chunk arrives.
 */
export const TemplatePreview = memo(function TemplatePreview({
  template,
  block,
  label,
  frame,
  today,
}: {
  template: TemplateDetail;
  block: string;
  label: string;
} & Pick<ReadOnlySurveyProps, "frame" | "today">) {
  return (
    <section className={`wj-tpl-preview ${block}__preview ${READ_ONLY_SCOPE}`} aria-label={label}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
        <PreviewSurvey definition={template.definition} title={template.title} frame={frame} today={today} />
      </Suspense>
    </section>
  );
});
