import {
  DeleteOutlined,
  FileAddOutlined,
  PlusOutlined,
  StarOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { QuestionarySummary } from "@wjgj/core";
import { Button, Empty } from "antd";
import { type ReactNode, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { QUESTION_BANK_PATH } from "../../api/question-banks.ts";
import { PageLoading } from "../../components/page-loading.tsx";
import { loginPathFor } from "../../lib/guard.ts";
import { lazyExport } from "../../lib/on-demand.tsx";
import { useSessionStore } from "../../stores/session-store.ts";
import { ListToolbar } from "./components/list-toolbar.tsx";
import { QuestionaryList } from "./components/questionary-list.tsx";
import { SharedList } from "./components/shared-list.tsx";
import { SaveAsTemplateDialog, ShareDialog, TeamDialog } from "./dialogs.tsx";
import { useListFilters } from "./hooks/use-list-filters.ts";
import { useQuestionaryActions } from "./hooks/use-questionary-actions.tsx";
import { defaultFilters, isOwnList, type ListTab } from "./list-filters.ts";
import "./dc-list.css";

const tabs: { key: ListTab; label: string; icon: ReactNode }[] = [
  { key: "mine", label: "我创建的", icon: <UnorderedListOutlined aria-hidden /> },
  { key: "starred", label: "星标问卷", icon: <StarOutlined aria-hidden /> },
  { key: "shared", label: "共享给我的", icon: <TeamOutlined aria-hidden /> },
  { key: "recycle", label: "回收站", icon: <DeleteOutlined aria-hidden /> },
];

// 回收站 is a tab few open: its table (antd's Table, the page's largest part) loads when it is shown.
const RecycleBin = lazyExport(
  () => import("./components/recycle-bin.tsx"),
  (m) => m.RecycleBin,
);

const titles: Record<ListTab, string> = {
  mine: "我的问卷",
  starred: "星标问卷",
  shared: "共享给我的",
  recycle: "回收站",
};

function Workspace() {
  const navigate = useNavigate();
  const { filters, update } = useListFilters();
  const baseActions = useQuestionaryActions();
  const [teamTarget, setTeamTarget] = useState<QuestionarySummary | null>(null);
  const actions = { ...baseActions, handleTeam: setTeamTarget };
  const clear = () => update({ ...defaultFilters, tab: filters.tab });
  return (
    <div className="wj-dclist" data-testid="dclist-page">
      <aside className="wj-dclist__side">
        <Button
          type="primary"
          size="large"
          block
          icon={<PlusOutlined />}
          onClick={() => navigate("/dc/creatDc")}
          data-testid="create-button"
        >
          创建问卷
        </Button>
        <Button block style={{ marginTop: 8 }} onClick={() => navigate(QUESTION_BANK_PATH)}>
          我的题库
        </Button>
        <nav className="wj-dclist__nav" aria-label="问卷分类">
          {tabs.map((tab) => (
            <button
              key={tab.key}
              type="button"
              className={tab.key === filters.tab ? "is-active" : undefined}
              aria-current={tab.key === filters.tab ? "page" : undefined}
              onClick={() => update({ ...defaultFilters, tab: tab.key })}
            >
              {tab.icon}
              {tab.label}
            </button>
          ))}
        </nav>
      </aside>
      <section className="wj-dclist__content">
        <header className="wj-dclist__head">
          <h1>{titles[filters.tab]}</h1>
          <ListToolbar filters={filters} onChange={update} />
        </header>
        {isOwnList(filters.tab) ? (
          <QuestionaryList filters={filters} onChange={update} onClear={clear} actions={actions} />
        ) : filters.tab === "shared" ? (
          <SharedList filters={filters} onChange={update} actions={actions} />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <RecycleBin
              filters={filters}
              onChange={update}
              onRecover={actions.handleRecover}
              onDestroy={actions.handleDestroy}
            />
          </Suspense>
        )}
      </section>
      <TeamDialog target={teamTarget} onClose={() => setTeamTarget(null)} />
      <SaveAsTemplateDialog source={actions.templateSource} onClose={actions.closeSaveAsTemplate} />
      <ShareDialog
        target={actions.shareTarget}
        onClose={actions.closeShare}
        onPublish={actions.handlePublishShared}
        publishing={actions.releasing}
      />
    </div>
  );
}

/**
 * My questionnaires (/dc/dclist). The route is open to visitors by name (seed §5), who are invited to log
 * in; logged-in users get the list, the recycle bin and every action on a questionnaire.
 */
export function DcListPage() {
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const navigate = useNavigate();
  if (hasToken) return <Workspace />;
  return (
    <section className="wj-placeholder" data-testid="dclist-page">
      <span className="wj-placeholder__eyebrow">项目管理</span>
      <h1>我的问卷</h1>
      <p>登录后即可创建问卷、考试、投票与表单，发布并分享给答题者，查看答卷与统计分析。</p>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="登录后查看和管理您的问卷项目">
        <Button
          type="primary"
          icon={<FileAddOutlined />}
          onClick={() => navigate(loginPathFor("/dc/dclist"))}
        >
          登录 / 注册
        </Button>
      </Empty>
    </section>
  );
}
