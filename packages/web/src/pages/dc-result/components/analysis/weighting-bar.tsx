import { ControlOutlined } from "@ant-design/icons";
import type { WeightingSummary } from "@wjgj/core/api/analysis";
import { Button, Switch, Tooltip } from "antd";
import { Permitted } from "../../../../components/permitted.tsx";

/** 加权: the switch (once a weighting is saved) and the button that opens its settings. */
export function WeightingBar({
  saved,
  on,
  applicable,
  onToggle,
  onOpen,
}: {
  saved: WeightingSummary | null;
  on: boolean;
  /** Whether the chosen method can be weighted (counts only). */
  applicable: boolean;
  onToggle: (on: boolean) => void;
  onOpen: () => void;
}) {
  return (
    <div className="wj-analysis__weighting">
      {saved && (
        <Tooltip title={applicable ? null : "加权仅用于描述统计和交叉卡方，其他方法按未加权数据计算"}>
          <span className="wj-analysis__switch">
            <Switch
              size="small"
              checked={on && applicable}
              disabled={!applicable}
              onChange={onToggle}
              aria-label="加权"
              data-testid="weighting-switch"
            />
            <span>加权</span>
            <span className="wj-muted">（效率 {saved.efficiency}%）</span>
          </span>
        </Tooltip>
      )}
      <Permitted action="manageResponses">
        <Button size="small" icon={<ControlOutlined />} onClick={onOpen} data-testid="weighting-open">
          设置加权
        </Button>
      </Permitted>
    </div>
  );
}
