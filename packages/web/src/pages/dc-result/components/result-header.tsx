import { ArrowLeftOutlined, EditOutlined, ReloadOutlined, ShareAltOutlined } from "@ant-design/icons";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { questionnaireKindNouns, type ResultsOverview } from "@wjgj/core";
import { Button, Space, Tag, Tooltip } from "antd";
import { useNavigate } from "react-router";
import { resultsKeys } from "../../../api/results.ts";
import { Permitted, useAccess } from "../../../components/permitted.tsx";
import { useResults } from "../hooks/results-context.ts";

const statusColors = { draft: "default", published: "green", stopped: "orange" } as const;

/** Title, state and the page's actions; counts come from the overview once it is loaded. */
export function ResultHeader({ overview, onShare }: { overview?: ResultsOverview; onShare: () => void }) {
  const { id, questionary } = useResults();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: resultsKeys.all(id) }) > 0;
  const mayEdit = useAccess().may("edit");
  const noun = questionnaireKindNouns[questionary.kind];
  return (
    <header className="wj-result__head">
      <div className="wj-result__title">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label="返回我的问卷"
          onClick={() => navigate("/dc/dclist")}
        />
        <div>
          <h1>{questionary.title}</h1>
          <Space size={8} wrap className="wj-result__meta">
            <Tag color={statusColors[questionary.status]}>{questionary.statusName}</Tag>
            <span>{questionary.kindName}</span>
            {overview && (
              <span data-testid="header-counts">
                有效答卷 <b>{overview.total}</b> 份 · 今日 <b>{overview.today}</b> 份
              </span>
            )}
          </Space>
        </div>
      </div>
      <Space wrap>
        <Tooltip title="重新读取最新数据">
          <Button
            icon={<ReloadOutlined spin={fetching} />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: resultsKeys.all(id) })}
          >
            刷新
          </Button>
        </Tooltip>
        {/* A member who may not edit opens the designer read-only: 查看问卷 (查看考试…) says so. */}
        <Button icon={<EditOutlined />} onClick={() => navigate(`/dc/dcDesign?id=${id}`)}>
          {`${mayEdit ? "编辑" : "查看"}${noun}`}
        </Button>
        <Permitted action="publish">
          <Button type="primary" icon={<ShareAltOutlined />} onClick={onShare}>
            分享收集
          </Button>
        </Permitted>
      </Space>
    </header>
  );
}
