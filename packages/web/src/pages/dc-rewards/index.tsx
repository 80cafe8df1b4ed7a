import { Button } from "antd";
import { useNavigate } from "react-router";
import { Permitted } from "../../components/permitted.tsx";
import { QuestionnaireScreen } from "../../components/questionnaire-screen.tsx";
import { PrizeSetForm } from "./components/prize-set-form.tsx";
import { PrizeTable } from "./components/prize-table.tsx";
import { RedPacketTable } from "./components/red-packet-table.tsx";
import "./dc-rewards.css";

/** 奖励 (/dc/rewards?id=…): the draw, its prizes and red packets of one questionnaire (issue #17). */
export function DcRewardsPage() {
  const navigate = useNavigate();
  return (
    <QuestionnaireScreen>
      {({ id, detail }) => (
        <div className="wj-rewards" data-testid="rewards-page">
          <header className="wj-rewards__head">
            <h1>{`奖励设置 · ${detail.title}`}</h1>
            <Permitted action="results">
              <Button onClick={() => navigate(`/dc/result?id=${id}&tab=winners`)}>查看中奖名单</Button>
            </Permitted>
          </header>
          <div className="wj-rewards__grid">
            <PrizeSetForm id={id} definition={detail.definition} />
            <div className="wj-rewards__side">
              <PrizeTable id={id} />
              <RedPacketTable id={id} definition={detail.definition} />
            </div>
          </div>
        </div>
      )}
    </QuestionnaireScreen>
  );
}
