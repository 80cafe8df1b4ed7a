import { Button, Result, Skeleton } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { useQuestionaryDetail } from "../../api/questionary.ts";
import { PrizeSetForm } from "./components/prize-set-form.tsx";
import { PrizeTable } from "./components/prize-table.tsx";
import { RedPacketTable } from "./components/red-packet-table.tsx";
import "./dc-rewards.css";

/** 奖励 (/dc/rewards?id=…): the draw, its prizes and red packets of one questionnaire (issue #17). */
export function DcRewardsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuestionaryDetail(valid ? id : null);

  if (!valid || (detail.error instanceof ApiError && detail.error.code === 404))
    return (
      <Result
        status="404"
        title="问卷不存在"
        extra={
          <Button type="primary" onClick={() => navigate("/dc/dclist")}>
            返回我的问卷
          </Button>
        }
      />
    );
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div className="wj-rewards" data-testid="rewards-page">
      <header className="wj-rewards__head">
        <h1>{`奖励设置 · ${detail.data.title}`}</h1>
        <Button onClick={() => navigate(`/dc/result?id=${id}&tab=winners`)}>查看中奖名单</Button>
      </header>
      <div className="wj-rewards__grid">
        <PrizeSetForm id={id} definition={detail.data.definition} />
        <div className="wj-rewards__side">
          <PrizeTable id={id} />
          <RedPacketTable id={id} definition={detail.data.definition} />
        </div>
      </div>
    </div>
  );
}
