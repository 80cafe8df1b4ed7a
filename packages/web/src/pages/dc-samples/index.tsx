import { Button } from "antd";
import { useNavigate } from "react-router";
import { Permitted } from "../../components/permitted.tsx";
import { QuestionnaireScreen } from "../../components/questionnaire-screen.tsx";
import { SampleOrderForm } from "./components/order-form.tsx";
import { SampleOrderTable } from "./components/order-table.tsx";
import "./dc-samples.css";

/** 样本服务 (/dc/samples?id=…): order valid responses for one questionnaire and follow the progress (#19). */
export function DcSamplesPage() {
  const navigate = useNavigate();
  return (
    <QuestionnaireScreen>
      {({ id, detail }) => (
        <div className="wj-samples" data-testid="samples-page">
          <header className="wj-samples__head">
            <h1>{`样本服务 · ${detail.title}`}</h1>
            <Permitted action="results">
              <Button onClick={() => navigate(`/dc/result?id=${id}`)}>查看答卷数据</Button>
            </Permitted>
          </header>
          <div className="wj-samples__grid">
            <SampleOrderForm id={id} kind={detail.kind} published={detail.status === "published"} />
            <SampleOrderTable id={id} />
          </div>
        </div>
      )}
    </QuestionnaireScreen>
  );
}
