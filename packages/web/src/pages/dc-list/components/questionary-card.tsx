import {
  BarChartOutlined,
  CopyOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  ExportOutlined,
  GiftOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SaveOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import {
  isGradedKind,
  type QuestionarySummary,
  type QuestionnaireAction,
  questionnaireKindNouns,
} from "@wjgj/core";
import { Button, Dropdown, Tag, Tooltip } from "antd";
import { Link, useNavigate } from "react-router";
import type { DefinitionFormat } from "../../../api/imports.ts";
import { type BankPageState, QUESTION_BANK_PATH } from "../../../api/question-banks.ts";
import { KindIcon, kindLooks } from "../../../components/kind-icon.tsx";
import { designPath, rewardsPath, samplesPath } from "../hooks/use-questionary-actions.tsx";
import { publishActionOf, statusColors } from "../list-filters.ts";

export interface CardActions {
  handleEdit: (item: QuestionarySummary) => void;
  handleRelease: (item: QuestionarySummary) => unknown;
  handleStop: (item: QuestionarySummary) => unknown;
  handleShare: (item: QuestionarySummary) => void;
  handleData: (item: QuestionarySummary) => void;
  handleCopy: (item: QuestionarySummary) => unknown;
  handleSaveAsTemplate: (item: QuestionarySummary) => void;
  handleExport: (item: QuestionarySummary, format: DefinitionFormat) => unknown;
  handleDelete: (item: QuestionarySummary) => unknown;
  handleTeam?: (item: QuestionarySummary) => void;
  /** 星标 on or off: the owner's list only. */
  handleStar?: (item: QuestionarySummary) => unknown;
}

/** A card of 共享给我的: the viewer's role, the owner, and what the role allows (other actions are hidden). */
export interface SharedInfo {
  roleName: string;
  ownerName: string;
  permissions: readonly QuestionnaireAction[];
}

/** Dates come as "YYYY-MM-DD HH:mm:ss"; minutes are precise enough for a list. */
const short = (time: string) => time.slice(0, 16);

/** One questionnaire of 我的问卷: what it is, how it is doing, and what can be done with it. */
export function QuestionaryCard({
  item,
  actions,
  shared,
}: {
  item: QuestionarySummary;
  actions: CardActions;
  shared?: SharedInfo;
}) {
  const navigate = useNavigate();
  const publish = publishActionOf(item);
  // The owner may do everything; a member only what the role allows.
  const may = (action: QuestionnaireAction) => !shared || shared.permissions.includes(action);
  const kindColor = kindLooks[item.kind].textColor;
  const noun = questionnaireKindNouns[item.kind];
  return (
    <article className="wj-qcard" data-testid="questionary-card" data-id={item.id}>
      <div className="wj-qcard__main">
        <KindIcon kind={item.kind} size={44} />
        <div className="wj-qcard__info">
          <div className="wj-qcard__heading">
            {!shared && actions.handleStar && (
              <Tooltip title={item.starred ? "取消星标" : "设为星标"}>
                <Button
                  type="text"
                  size="small"
                  className={`wj-qcard__star${item.starred ? " wj-qcard__star--on" : ""}`}
                  icon={item.starred ? <StarFilled /> : <StarOutlined />}
                  // One name, the state in aria-pressed: a screen reader says 星标, pressed or not.
                  aria-label="星标"
                  aria-pressed={item.starred}
                  onClick={() => actions.handleStar?.(item)}
                />
              </Tooltip>
            )}
            <Link to={designPath(item.id)} className="wj-qcard__title" title={item.title}>
              {item.title || `未命名${noun}`}
            </Link>
            <Tag color={statusColors[item.status]} variant="filled" className="wj-qcard__status">
              {item.statusName}
            </Tag>
            {shared && (
              <Tag color="blue" variant="outlined" data-testid="card-role">
                {shared.roleName}
              </Tag>
            )}
            {item.takenDown && (
              <Tooltip
                title={`该${noun}已被管理员下架：答题者无法填写，恢复前不能重新发布。如有疑问请联系客服。`}
              >
                <Tag color="red" variant="filled">
                  已下架
                </Tag>
              </Tooltip>
            )}
            {item.hasUnpublishedChanges && item.status !== "draft" && (
              <Tooltip title="修改过的内容还没有发布，答题者看到的仍是上次发布的版本">
                <Tag color="orange" variant="outlined">
                  有未发布的修改
                </Tag>
              </Tooltip>
            )}
          </div>
          <div className="wj-qcard__meta">
            <span style={{ color: kindColor }}>{item.kindName}</span>
            {shared && <span>所有者：{shared.ownerName}</span>}
            <span>ID：{item.publicId}</span>
            <span>{item.questionCount} 题</span>
            <span>创建于 {short(item.createdAt)}</span>
            <span>更新于 {short(item.updatedAt)}</span>
            {item.publishedAt && <span>发布于 {short(item.publishedAt)}</span>}
          </div>
        </div>
        <button
          type="button"
          className="wj-qcard__count"
          onClick={() => actions.handleData(item)}
          disabled={!may("results")}
        >
          <strong>{item.responseCount.toLocaleString("zh-CN")}</strong>
          <span>答卷</span>
        </button>
      </div>
      <div className="wj-qcard__actions">
        {may("edit") && (
          <Button type="text" size="small" icon={<EditOutlined />} onClick={() => actions.handleEdit(item)}>
            编辑
          </Button>
        )}
        {may("publish") && (
          <Button
            type="text"
            size="small"
            icon={publish.action === "stop" ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            onClick={() =>
              publish.action === "stop" ? actions.handleStop(item) : actions.handleRelease(item)
            }
          >
            {publish.label}
          </Button>
        )}
        {may("publish") && (
          <Button
            type="text"
            size="small"
            icon={<ShareAltOutlined />}
            onClick={() => actions.handleShare(item)}
          >
            分享
          </Button>
        )}
        {may("results") && (
          <Button
            type="text"
            size="small"
            icon={<BarChartOutlined />}
            onClick={() => actions.handleData(item)}
          >
            数据
          </Button>
        )}
        {may("edit") && (
          <Button
            type="text"
            size="small"
            icon={<GiftOutlined />}
            onClick={() => navigate(rewardsPath(item.id))}
            data-testid="rewards-button"
          >
            奖励
          </Button>
        )}
        {may("publish") && (
          <Button
            type="text"
            size="small"
            icon={<UsergroupAddOutlined />}
            onClick={() => navigate(samplesPath(item.id))}
            data-testid="samples-button"
          >
            样本
          </Button>
        )}
        {actions.handleTeam && may("team") && (
          <Button
            type="text"
            size="small"
            icon={<TeamOutlined />}
            onClick={() => actions.handleTeam?.(item)}
            data-testid="team-button"
          >
            团队
          </Button>
        )}
        <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => actions.handleCopy(item)}>
          复制
        </Button>
        {!shared && (
          <Button
            type="text"
            size="small"
            icon={<SaveOutlined />}
            onClick={() => actions.handleSaveAsTemplate(item)}
          >
            另存为模板
          </Button>
        )}
        {!shared && isGradedKind(item.kind) && (
          <Button
            type="text"
            size="small"
            icon={<DatabaseOutlined />}
            data-testid="to-bank-button"
            onClick={() =>
              navigate(QUESTION_BANK_PATH, { state: { bankFrom: item } satisfies BankPageState })
            }
          >
            存入题库
          </Button>
        )}
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              { key: "json", label: "导出为 JSON（本站格式）" },
              { key: "surveyjs", label: "导出为 SurveyJS JSON" },
            ],
            onClick: ({ key }) => actions.handleExport(item, key as DefinitionFormat),
          }}
        >
          <Button type="text" size="small" icon={<ExportOutlined />} data-testid="export-button">
            导出问卷 <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
        {may("delete") && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => actions.handleDelete(item)}
            className="wj-qcard__delete"
          >
            删除
          </Button>
        )}
      </div>
    </article>
  );
}
