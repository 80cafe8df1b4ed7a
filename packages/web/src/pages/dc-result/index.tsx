import type { QuestionaryDetail, QuestionnaireAction, ResultsFilter } from "@wjgj/core";
import { Button, Grid, Result, Skeleton, Tabs } from "antd";
import { type ReactNode, Suspense, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { isMissingQuestionnaire } from "../../api/errors.ts";
import { useQuestionaryDetail } from "../../api/questionary.ts";
import { useOverview } from "../../api/results.ts";
import { AccessContext, AccessDenied, accessOf } from "../../components/permitted.tsx";
import { ShareDialogAfterPaint as ShareDialog } from "../../components/share-dialog/after-paint.tsx";
import { lazyExport } from "../../lib/on-demand.tsx";
import { EmptyResults } from "./components/empty-results.tsx";
import { FilterBar } from "./components/filter/filter-bar.tsx";
import { OverviewTab } from "./components/overview-tab.tsx";
import { ResultHeader } from "./components/result-header.tsx";
import { ResultsContext, type ResultsContextValue } from "./hooks/results-context.ts";
import { hasQuestionTypes } from "./lib/question-types.ts";
import "./dc-result.css";
import "./dc-result-phone.css";

// Every tab but 概览 (the one a visit opens on) loads when it is first shown: the thirteen tabs together were most of
// what the page loaded before it painted (charts, the answer viewer, the analysis, the proctoring, bookings, orders).
const StatisticsTab = lazyExport(
  () => import("./components/statistics/statistics-tab.tsx"),
  (m) => m.StatisticsTab,
);
const CrossTab = lazyExport(
  () => import("./components/cross-tab.tsx"),
  (m) => m.CrossTab,
);
const AnalysisTab = lazyExport(
  () => import("./components/analysis/analysis-tab.tsx"),
  (m) => m.AnalysisTab,
);
const AnswersTab = lazyExport(
  () => import("./components/answers/answers-tab.tsx"),
  (m) => m.AnswersTab,
);
const ExamTab = lazyExport(
  () => import("./components/exam-tab.tsx"),
  (m) => m.ExamTab,
);
const InvigilationTab = lazyExport(
  () => import("./components/invigilation/invigilation-tab.tsx"),
  (m) => m.InvigilationTab,
);
const VoteTab = lazyExport(
  () => import("./components/vote-tab.tsx"),
  (m) => m.VoteTab,
);
const BookingsTab = lazyExport(
  () => import("../dc-booking/bookings-tab.tsx"),
  (m) => m.BookingsTab,
);
const OrdersTab = lazyExport(
  () => import("../dc-orders/orders-tab.tsx"),
  (m) => m.OrdersTab,
);
const ExportTab = lazyExport(
  () => import("./components/export-tab.tsx"),
  (m) => m.ExportTab,
);
const WinnersTab = lazyExport(
  () => import("./components/winners-tab.tsx"),
  (m) => m.WinnersTab,
);
const WebhooksTab = lazyExport(
  () => import("./components/webhooks-tab.tsx"),
  (m) => m.WebhooksTab,
);

/** What a tab shows while its code loads (the sweep and the page's own loading wait for its test id to go). */
function TabCodeLoading() {
  return (
    <div data-testid="result-loading">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

type TabKey =
  | "overview"
  | "stats"
  | "cross"
  | "analysis"
  | "answers"
  | "exam"
  | "invigilation"
  | "vote"
  | "export"
  | "winners"
  | "webhooks"
  | "bookings"
  | "orders";

interface TabSpec {
  key: TabKey;
  label: string;
  render: () => ReactNode;
  /** Reads the 筛选 (the overview and live vote counts do not). */
  filtered: boolean;
  /** Shown only for these kinds of questionnaire. */
  kinds?: string[];
  /** Shown only to roles that may do this. */
  action?: QuestionnaireAction;
  /** Shown only when the questionnaire has a question of one of these types. */
  types?: string[];
}

const tabSpecs: TabSpec[] = [
  { key: "overview", label: "概览", render: () => <OverviewTab />, filtered: false },
  { key: "stats", label: "分题统计", render: () => <StatisticsTab />, filtered: true },
  { key: "cross", label: "交叉分析", render: () => <CrossTab />, filtered: true },
  { key: "analysis", label: "统计分析", render: () => <AnalysisTab />, filtered: true },
  { key: "answers", label: "答卷详情", render: () => <AnswersTab />, filtered: true },
  // 知识竞赛 is scored like an exam.
  { key: "exam", label: "考试成绩", render: () => <ExamTab />, filtered: true, kinds: ["exam", "knowledge"] },
  // 监考: the live attempts and the 考生名单 (issue #40); useful before the first response.
  {
    key: "invigilation",
    label: "监考",
    render: () => <InvigilationTab />,
    filtered: false,
    kinds: ["exam", "knowledge"],
    action: "results",
  },
  { key: "vote", label: "投票结果", render: () => <VoteTab />, filtered: false, kinds: ["vote"] },
  // 预约管理 (issue #41): the day and week of slots with their bookings, and 签到.
  { key: "bookings", label: "预约管理", render: () => <BookingsTab />, filtered: false, types: ["booking"] },
  // 订单管理 (issue #41): the 商品 orders with what they brought in, 退款 and 导出订单.
  { key: "orders", label: "订单管理", render: () => <OrdersTab />, filtered: false, types: ["product"] },
  { key: "export", label: "导出", render: () => <ExportTab />, filtered: true },
  { key: "winners", label: "中奖名单", render: () => <WinnersTab />, filtered: false },
  {
    key: "webhooks",
    label: "数据推送",
    render: () => <WebhooksTab />,
    filtered: false,
    action: "manageResponses",
  },
];

/** Tabs that work before the first response arrives. */
const usefulWhenEmpty = new Set<TabKey>([
  "export",
  "winners",
  "webhooks",
  "invigilation",
  "bookings",
  "orders",
]);

function Workspace({ questionary }: { questionary: QuestionaryDetail }) {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<ResultsFilter>({});
  const [sharing, setSharing] = useState(false);
  const overview = useOverview(questionary.id, 30);
  const access = accessOf(questionary);
  const tabs = tabSpecs.filter(
    (spec) =>
      (!spec.kinds || spec.kinds.includes(questionary.kind)) &&
      (!spec.action || access.may(spec.action)) &&
      (!spec.types || hasQuestionTypes(questionary.definition, spec.types)),
  );
  const active = tabs.find((spec) => spec.key === params.get("tab")) ?? tabs[0];
  const context = useMemo<ResultsContextValue>(
    () => ({ id: questionary.id, questionary, filter, setFilter, openShare: () => setSharing(true) }),
    [questionary, filter],
  );
  const handleTab = (key: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  const data = overview.data;
  const phone = Grid.useBreakpoint().md === false;
  // Nothing answered at all (nothing invalid or deleted either): every tab but 导出 would be empty.
  const noResponses = data !== undefined && data.total + data.invalidCount + data.deletedCount === 0;

  const filterBar = active?.filtered && !noResponses ? <FilterBar /> : null;

  const renderTab = (spec: TabSpec) => {
    if (noResponses && !usefulWhenEmpty.has(spec.key)) return <EmptyResults />;
    return <Suspense fallback={<TabCodeLoading />}>{spec.render()}</Suspense>;
  };

  return (
    <ResultsContext.Provider value={context}>
      <div className="wj-result" data-testid="result-page">
        <ResultHeader overview={data} onShare={() => setSharing(true)} />
        {/* On a phone 筛选 stands above the tabs: beside them it squeezed the strip, and a line of its own inside
            the tab bar throws off antd's measure of the strip (the active tab scrolled out of sight). */}
        {phone && filterBar ? <div className="wj-result__filter-row">{filterBar}</div> : null}
        <Tabs
          className="wj-result__tabs"
          activeKey={active?.key}
          onChange={handleTab}
          destroyOnHidden
          tabBarExtraContent={phone ? null : filterBar}
          // On a phone each tab has 8 px of padding each side (dc-result.css): the line stays under the label.
          indicator={phone ? { size: (width) => Math.max(width - 16, 0) } : undefined}
          items={tabs.map((spec) => ({ key: spec.key, label: spec.label, children: renderTab(spec) }))}
        />
        <ShareDialog
          target={
            sharing
              ? {
                  id: questionary.id,
                  publicId: questionary.publicId,
                  title: questionary.title,
                  status: questionary.status,
                  kind: questionary.kind,
                }
              : null
          }
          onClose={() => setSharing(false)}
        />
      </div>
    </ResultsContext.Provider>
  );
}

/** 统计与分析 (/dc/result?id=…): the results of one questionnaire, reached from 数据 on the project list. */
export function DcResultPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  // Someone else's questionnaire (an admin's view too) is refused with 403: answered as 问卷不存在, like every
  // creator screen (QuestionnaireScreen), once — without the permission box on top.
  const detail = useQuestionaryDetail(valid ? id : null, { quietForbidden: true });

  if (!valid || isMissingQuestionnaire(detail.error))
    return (
      <Result
        status="404"
        title="问卷不存在"
        subTitle="链接可能有误，或问卷已被删除。"
        extra={
          <Button type="primary" onClick={() => navigate("/dc/dclist")}>
            返回我的问卷
          </Button>
        }
      />
    );
  if (detail.error)
    return (
      <Result
        status="error"
        title="问卷加载失败"
        subTitle={detail.error.message}
        extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
  if (!detail.data)
    return (
      <div className="wj-result" data-testid="result-loading">
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  const access = accessOf(detail.data);
  const denied = access.reason("results");
  if (denied) return <AccessDenied reason={denied} />;
  // Keyed by questionnaire: the filter and tab state never carry over to another one.
  return (
    <AccessContext.Provider value={access}>
      <Workspace key={detail.data.id} questionary={detail.data} />
    </AccessContext.Provider>
  );
}
