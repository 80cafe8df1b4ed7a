import { PushpinOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { type PinRequest, usePinToReport } from "../../../api/report-share.ts";
import { Permitted } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useResults } from "../hooks/results-context.ts";

/**
 * 固定到报告: puts the 交叉分析 or 统计分析 on screen into the 分析报告 (Word, PDF and the shared 数据报告), computed
 * by the server under the current 筛选. For those who manage the responses.
 */
export function PinToReportButton({ pin, size }: { pin: PinRequest; size?: "small" | "middle" }) {
  const { id } = useResults();
  const mutation = usePinToReport(id);
  const { message } = App.useApp();
  const showError = useApiError();
  const handle = async () => {
    try {
      await mutation.mutateAsync(pin);
      void message.success("已固定到分析报告，可在“导出”页生成报告或分享");
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Permitted action="manageResponses">
      <Button
        size={size ?? "middle"}
        icon={<PushpinOutlined />}
        loading={mutation.isPending}
        onClick={() => void handle()}
      >
        固定到报告
      </Button>
    </Permitted>
  );
}
