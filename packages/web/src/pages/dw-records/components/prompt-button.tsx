import { Button, Input, Popover, Space } from "antd";
import { useState } from "react";

interface PromptButtonProps {
  label: string;
  title: string;
  placeholder?: string;
  disabled?: boolean;
  /** Answers an error to show, or null when the value was taken. */
  onSubmit: (value: string) => string | null;
}

/** A toolbar button that asks for one value (an address) in a small popover. */
export function PromptButton({ label, title, placeholder, disabled, onSubmit }: PromptButtonProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleOk = () => {
    const problem = onSubmit(value.trim());
    setError(problem);
    if (!problem) {
      setOpen(false);
      setValue("");
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      trigger="click"
      title={title}
      content={
        <div style={{ width: 320 }}>
          <Space.Compact style={{ width: "100%" }}>
            <Input
              aria-label={title}
              value={value}
              placeholder={placeholder}
              status={error ? "error" : undefined}
              onChange={(event) => setValue(event.target.value)}
              onPressEnter={handleOk}
            />
            <Button type="primary" onClick={handleOk}>
              插入
            </Button>
          </Space.Compact>
          {error ? <div className="wj-rte__error">{error}</div> : null}
        </div>
      }
    >
      <Button size="small" disabled={disabled}>
        {label}
      </Button>
    </Popover>
  );
}
