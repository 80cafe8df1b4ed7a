import { CloseOutlined } from "@ant-design/icons";
import { Button } from "antd";

/** The small × that removes one item of an editor's list (a blank, a column, a condition, a rule). */
export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return <Button size="small" type="text" aria-label={label} icon={<CloseOutlined />} onClick={onClick} />;
}
