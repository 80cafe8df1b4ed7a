import type { CoverData } from "@wjgj/core/pages/answer";
import { inKindWords } from "@wjgj/core/survey/definition/kinds";
import type { CSSProperties } from "react";
import { readableTheme } from "../../lib/contrast.ts";
import { RichText } from "../rich-text.tsx";
import { Brand } from "./brand.tsx";

/** The cover's button in the words of the kind: a voter votes, a form is filled in. */
const startWords: Partial<Record<string, string>> = { vote: "开始投票", form: "开始填写" };

/** /questionnaireSurvey?id=…: what the respondent is about to answer, before the first question. */
export function CoverPage({ data }: { data: CoverData }) {
  // The owner's colour, darkened as the form does when white text would not read on it.
  const theme = { "--wa-theme": readableTheme(data.themeColor) } as CSSProperties;
  return (
    <main className="wa-page wa-cover" style={theme} data-testid="cover-page">
      {data.headerImage ? <img className="wa-header-img" src={data.headerImage} alt="" /> : null}
      <div className="wa-cover-body">
        <RichText as="h1" className="wa-cover-title" html={data.title} />
        {data.description ? <RichText className="wa-cover-desc" html={data.description} /> : null}
        <ul className="wa-cover-facts">
          <li>
            共 <strong>{data.questionCount}</strong> 题
          </li>
          <li>
            预计用时约 <strong>{data.minutes}</strong> 分钟
          </li>
        </ul>
        <p className="wa-cover-privacy">
          {inKindWords("您的回答仅用于本问卷发布者的统计分析，我们按照", data.kind)}
          <a href="/Agreement">《隐私政策》</a>
          保护您的个人信息。
        </p>
        <a className="wa-btn wa-btn-block" href={`/r/${data.publicId}?start=1`}>
          {startWords[data.kind] ?? "开始答题"}
        </a>
      </div>
      <Brand />
    </main>
  );
}
