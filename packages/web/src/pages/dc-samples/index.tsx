import { Button, Result, Skeleton } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { useQuestionaryDetail } from "../../api/questionary.ts";
import { SampleOrderForm } from "./components/order-form.tsx";
import { SampleOrderTable } from "./components/order-table.tsx";
import "./dc-samples.css";

/** 样本服务 (/dc/samples?id=…): order valid responses for one questionnaire and follow the progress (#19). */
export function DcSamplesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuestionaryDetail(valid ? id : null);

  if (
    !valid ||
    (detail.error instanceof ApiError && (detail.error.code === 404 || detail.error.code === 403))
  )
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
    <div className="wj-samples" data-testid="samples-page">
      <header className="wj-samples__head">
        <h1>{`样本服务 · ${detail.data.title}`}</h1>
        <Button onClick={() => navigate(`/dc/result?id=${id}`)}>查看答卷数据</Button>
      </header>
      <div className="wj-samples__grid">
        <SampleOrderForm id={id} published={detail.data.status === "published"} />
        <SampleOrderTable id={id} />
      </div>
    </div>
  );
}
