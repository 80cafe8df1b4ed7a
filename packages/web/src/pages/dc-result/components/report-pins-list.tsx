import { DeleteOutlined } from "@ant-design/icons";
import { App, Button, List, Popconfirm } from "antd";
import { useReportPins, useUnpinFromReport } from "../../../api/report-share.ts";
import { Permitted } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

/** The 交叉分析 and 统计分析 results pinned to the report (its third part), each removable. */
export function ReportPinsList({ id }: { id: number }) {
  const pins = useReportPins(id);
  const unpin = useUnpinFromReport(id);
  const { message } = App.useApp();
  const showError = useApiError();
  const list = pins.data?.list ?? [];
  return (
    <section className="wj-report-pins" aria-labelledby="wj-report-pins-title" data-testid="report-pins">
      <h4 id="wj-report-pins-title">固定到报告的分析（{list.length}）</h4>
      {list.length === 0 ? (
        <p className="wj-muted wj-export__hint">
          在“交叉分析”或“统计分析”页点击“固定到报告”，结果会出现在报告的“交叉分析与统计分析”部分。
        </p>
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(pin) => (
            <List.Item
              actions={[
                <Permitted key="remove" action="manageResponses">
                  <Popconfirm
                    title="从报告中移除这项分析？"
                    okText="移除"
                    cancelText="取消"
                    onConfirm={() =>
                      unpin.mutateAsync(pin.id).then(() => void message.success("已从报告中移除"), showError)
                    }
                  >
                    <Button
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`移除“${pin.title}”`}
                    >
                      移除
                    </Button>
                  </Popconfirm>
                </Permitted>,
              ]}
            >
              <List.Item.Meta title={pin.title} description={`${pin.scope} · 固定于 ${pin.pinnedAt}`} />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
