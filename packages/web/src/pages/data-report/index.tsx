import { LockOutlined } from "@ant-design/icons";
import type { ReportQuestion, SharedReportResult } from "@wjgj/core";
import {
  overviewTables,
  questionChart,
  questionTable,
  type ReportTable,
  reading,
  shownQuestions,
  typeName,
} from "@wjgj/core/reports/report-content";
import { Button, Form, Input, Result, Spin } from "antd";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { useSharedReport } from "../../api/report-share.ts";
import { Chart } from "../../components/charts/chart.tsx";
import type { ChartOption } from "../../components/charts/chart-options.ts";
import "./data-report.css";

/** The charts' width: the report's 640 px, narrower on a phone so a word cloud is laid out for the screen. */
function chartWidth(): number {
  return Math.max(280, Math.min(640, window.innerWidth - 48));
}

function TableView({ table, caption }: { table: ReportTable; caption: string }) {
  return (
    // A wide table scrolls inside its frame on a phone: the frame takes focus so the keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="rp-table-wrap" aria-label={caption} tabIndex={0}>
      <table className="rp-table">
        <caption className="rp-sr">{caption}</caption>
        <thead>
          <tr>
            {table.header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.join("\u0001")}>
              {row.map((cell, j) => {
                const column = table.header[j] ?? "";
                return j === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column}>{cell}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function QuestionSection({ question, width }: { question: ReportQuestion; width: number }) {
  const { stats, words } = question;
  const table = questionTable(stats, words);
  const chart = useMemo(() => questionChart(stats, words, width), [stats, words, width]);
  const title = stats.title || "（无标题）";
  const headingId = `rp-q-${stats.questionId}`;
  return (
    <section className="rp-section rp-question" aria-labelledby={headingId} data-testid="report-question">
      <h3 id={headingId}>
        第{stats.number}题　{title}
        <span className="rp-type">【{typeName(stats)}】</span>
      </h3>
      <p className="rp-reading">{reading(stats, words)}</p>
      {chart && (
        <div className="rp-chart">
          <Chart
            option={chart.option as ChartOption}
            height={chart.height}
            label={words ? `第${stats.number}题词云` : `第${stats.number}题统计图`}
            kind={words ? "wordCloud" : "bar"}
          />
        </div>
      )}
      {table && <TableView table={table} caption={`第${stats.number}题统计表`} />}
    </section>
  );
}

function PasswordForm({
  onSubmit,
  error,
  pending,
}: {
  onSubmit: (password: string) => void;
  error: string | null;
  pending: boolean;
}) {
  return (
    <main className="rp-page rp-page--center">
      <div className="rp-lock">
        <LockOutlined className="rp-lock__icon" aria-hidden />
        <h1>此数据报告需要密码</h1>
        <p>请输入创建者提供的报告密码后查看。</p>
        <Form layout="vertical" onFinish={(values: { password: string }) => onSubmit(values.password)}>
          <Form.Item
            label="报告密码"
            name="password"
            rules={[{ required: true, whitespace: true, message: "请输入报告密码" }]}
            {...(error ? { validateStatus: "error" as const, help: error } : {})}
          >
            <Input.Password autoFocus autoComplete="off" maxLength={20} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            查看报告
          </Button>
        </Form>
      </div>
    </main>
  );
}

function ReportBody({ report }: { report: Extract<SharedReportResult, { locked: false }> }) {
  const width = useMemo(chartWidth, []);
  const sections = new Set(report.sections);
  const overview = overviewTables(report.overview);
  const questions = shownQuestions(sections, report.questions);
  return (
    <main className="rp-page" data-testid="data-report">
      <header className="rp-cover">
        <p className="rp-kicker">数据分析报告</p>
        <h1>{report.title}</h1>
        <p className="rp-meta">数据范围：{report.scope}</p>
        <p className="rp-meta">生成时间：{report.generatedAt}（数据每分钟更新）</p>
      </header>
      {sections.has("overview") && (
        <section className="rp-section" aria-labelledby="rp-overview">
          <h2 id="rp-overview">一、数据概况</h2>
          <TableView table={overview.figures} caption="数据概况" />
          {overview.sources.rows.length > 0 && (
            <>
              <h3>答卷来源</h3>
              <TableView table={overview.sources} caption="答卷来源" />
            </>
          )}
        </section>
      )}
      {questions.length > 0 && (
        <section className="rp-section" aria-labelledby="rp-questions">
          <h2 id="rp-questions">二、分题统计</h2>
          {questions.map((question) => (
            <QuestionSection key={question.stats.questionId} question={question} width={width} />
          ))}
        </section>
      )}
      {sections.has("pinned") && report.pinned.length > 0 && (
        <section className="rp-section" aria-labelledby="rp-pinned" data-testid="report-pinned">
          <h2 id="rp-pinned">三、交叉分析与统计分析</h2>
          {report.pinned.map((pin) => (
            <section key={`${pin.pinnedAt}-${pin.title}`} className="rp-question" aria-label={pin.title}>
              <h3>{pin.title}</h3>
              <p className="rp-reading">
                {pin.scope}；固定于 {pin.pinnedAt}
              </p>
              {pin.reading.length > 0 && (
                <ul className="rp-conclusions">
                  {pin.reading.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
              {pin.tables.map((table) => (
                <div key={table.title} className="rp-pin-table">
                  <p className="rp-table-title">{table.title}</p>
                  <TableView table={table} caption={table.title} />
                  {table.notes.map((note) => (
                    <p key={note} className="rp-note">
                      注：{note}
                    </p>
                  ))}
                </div>
              ))}
            </section>
          ))}
        </section>
      )}
      <footer className="rp-footer">本报告由问卷管家生成，仅供查看，不含填写者的个人信息。</footer>
    </main>
  );
}

/**
 * /report/{token} (数据报告): the 分析报告 of a questionnaire whose creator shared it by link — cover, 数据概况,
 * each question's reading, chart and table, the open questions' 词云 — open without a login, behind the
 * password the creator set (if any). The same content as the Word and PDF files (core reports/report-content).
 */
export function DataReportPage() {
  const token = useParams().token ?? "";
  // Each submit asks again, the same password included (after a lockout has passed).
  const [tried, setTried] = useState<{ password: string; attempt: number } | null>(null);
  const password = tried?.password;
  const query = useSharedReport(token, password, tried?.attempt ?? 0);
  const submit = (typed: string) =>
    setTried((last) => ({ password: typed, attempt: (last?.attempt ?? 0) + 1 }));

  if (query.isPending)
    return (
      <main className="rp-page rp-page--center">
        <Spin size="large" aria-label="报告加载中" />
      </main>
    );
  const error = query.error instanceof ApiError ? query.error : null;
  // A wrong password keeps the form, with the reason under the field.
  if (error && error.code === 400 && password !== undefined && error.message.includes("密码"))
    return <PasswordForm onSubmit={submit} error={error.message} pending={query.isFetching} />;
  if (error?.code === 429)
    return <PasswordForm onSubmit={submit} error={error.message} pending={query.isFetching} />;
  if (!query.data)
    return (
      <main className="rp-page rp-page--center">
        <Result
          status={error?.code === 404 ? "404" : "warning"}
          title="无法查看数据报告"
          subTitle={error?.message ?? "报告加载失败，请稍后刷新重试"}
        />
      </main>
    );
  if (query.data.locked) return <PasswordForm onSubmit={submit} error={null} pending={query.isFetching} />;
  return <ReportBody report={query.data} />;
}
