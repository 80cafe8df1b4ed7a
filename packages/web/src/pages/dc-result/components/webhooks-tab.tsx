import { Card } from "antd";
import { WebhooksPanel } from "../../../components/webhooks/webhooks-panel.tsx";
import { useResults } from "../hooks/results-context.ts";

/** 数据推送: this questionnaire's webhooks and their delivery logs. */
export function WebhooksTab() {
  const { id } = useResults();
  return (
    <div className="wj-result__stack" data-testid="webhooks-tab">
      <Card title="数据推送">
        <WebhooksPanel questionnaireId={id} />
      </Card>
    </div>
  );
}
