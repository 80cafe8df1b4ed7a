import { ShareAltOutlined } from "@ant-design/icons";
import { questionnaireKindNouns } from "@wjgj/core";
import { Button, Empty } from "antd";
import { Permitted } from "../../../components/permitted.tsx";
import { useResults } from "../hooks/results-context.ts";

/** No response yet: the next step is to share the questionnaire (or to publish it first). */
export function EmptyResults({ description }: { description?: string }) {
  const { questionary, openShare } = useResults();
  const noun = questionnaireKindNouns[questionary.kind];
  const hint =
    questionary.status === "draft"
      ? `${noun}尚未发布，发布并分享给答题者后，这里会显示统计结果。`
      : `把${noun}链接或二维码分享给答题者，收到答卷后这里会实时显示统计结果。`;
  return (
    <Empty
      className="wj-result__empty"
      data-testid="results-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div>
          <div className="wj-result__empty-title">{description ?? "暂无答卷"}</div>
          <div className="wj-result__empty-hint">{hint}</div>
        </div>
      }
    >
      <Permitted action="publish">
        <Button type="primary" icon={<ShareAltOutlined />} onClick={openShare}>
          分享{noun}
        </Button>
      </Permitted>
    </Empty>
  );
}
