import { BarChartOutlined } from "@ant-design/icons";
import {
  getQuestionType,
  type QuestionaryDetail,
  questionaryStatusNames,
  questionnaireKindNames,
  questionnaireKindNouns,
  richTextToPlain,
  sanitizeRichText,
  teamRoleNames,
} from "@wjgj/core";
import { Alert, Button, Tag } from "antd";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { AccessContext, accessOf, Permitted } from "../../../components/permitted.tsx";
import { summariesOf } from "../lib/condition-summary.ts";
import { indexSurvey } from "../lib/survey-index.ts";
import { QuestionBody } from "./canvas/question-body.tsx";
import { CardNumber, LogicChips, StaticTitle } from "./canvas/question-card.tsx";
import { RichHtml } from "./canvas/rich-html.tsx";
import { PreviewMenu, TopBarBack } from "./top-bar-parts.tsx";

/**
 * The designer for a member whose role may not edit (数据查看): the questionnaire as the canvas shows it —
 * every question, its options and its logic — with nothing to change, save or publish, and a banner saying
 * why. The server refuses the edits anyway (policies); this page never offers them.
 */
export function ReadOnlyDesigner({ detail }: { detail: QuestionaryDetail }) {
  const navigate = useNavigate();
  const access = accessOf(detail);
  const definition = detail.definition;
  const index = useMemo(() => indexSurvey(definition), [definition]);
  const ctx = useMemo(() => ({ definition, index }), [definition, index]);
  const reason = access.reason("edit") ?? "";
  const noun = questionnaireKindNouns[detail.kind];

  return (
    <AccessContext.Provider value={access}>
      <header className="dd-topbar">
        <TopBarBack tooltip="返回共享给我的问卷" to="/dc/dclist?tab=shared" />
        <h1 className="dd-topbar__title dd-readonly__title" title={richTextToPlain(detail.title)}>
          {richTextToPlain(detail.title) || `未命名${noun}`}
        </h1>
        <span className="dd-topbar__tags">
          <Tag color="blue">{questionnaireKindNames[detail.kind]}</Tag>
          <Tag>{questionaryStatusNames[detail.status]}</Tag>
          <Tag color="purple" data-testid="designer-role">
            {teamRoleNames[detail.myRole]} · 只读
          </Tag>
        </span>
        <span className="dd-topbar__spacer" />
        <PreviewMenu publicId={detail.publicId} />
        <Permitted action="results">
          <Button
            type="primary"
            icon={<BarChartOutlined />}
            className="dd-topbar__action"
            aria-label="查看数据"
            onClick={() => navigate(`/dc/result?id=${detail.id}`)}
          >
            查看数据
          </Button>
        </Permitted>
      </header>
      <div className="dd-canvas dd-readonly" data-testid="designer-readonly">
        <Alert
          className="dd-banner"
          type="info"
          showIcon
          title={`只读模式：您可以查看${noun}内容，不能修改`}
          description={reason}
        />
        <div className="dd-paper">
          <header className="dd-survey-header">
            <RichHtml className="dd-survey-header__title" html={sanitizeRichText(definition.title)} />
            {definition.description && (
              <div className="dd-survey-header__desc">
                <RichHtml html={sanitizeRichText(definition.description)} />
              </div>
            )}
          </header>
          {definition.pages.map((page, pageIndex) => (
            <section key={page.id} className="dd-page" aria-label={`第${pageIndex + 1}页`}>
              {definition.pages.length > 1 && (
                <div className="dd-page__bar">
                  <span className="dd-page__name">
                    第 {pageIndex + 1} 页 / 共 {definition.pages.length} 页
                  </span>
                  {page.title && <span className="dd-readonly__page-title">{page.title}</span>}
                </div>
              )}
              {page.questions.map((question) => {
                const number = index.byId.get(question.id)?.number ?? null;
                const logic = summariesOf(ctx, question);
                return (
                  <div
                    key={question.id}
                    className="dd-card dd-card--readonly"
                    data-qid={question.id}
                    data-testid="question-card"
                  >
                    <div className="dd-card__head">
                      <CardNumber question={question} number={number} />
                      <div className="dd-card__title">
                        <StaticTitle question={question} />
                      </div>
                      <span className="dd-card__type">{getQuestionType(question.type)?.name}</span>
                    </div>
                    {question.description && (
                      <RichHtml className="dd-card__desc" html={sanitizeRichText(question.description)} />
                    )}
                    <div className="dd-card__body">
                      <QuestionBody question={question} selected={false} />
                    </div>
                    <LogicChips logic={logic} />
                  </div>
                );
              })}
            </section>
          ))}
        </div>
      </div>
    </AccessContext.Provider>
  );
}
