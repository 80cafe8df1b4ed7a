import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { adminKeys } from "../../../api/admin.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import type { RowAction } from "../screen-config.ts";

interface RowActionsProps<Row extends { id: number }> {
  row: Row;
  actions: readonly RowAction<Row>[];
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
}

/** The operations column of a record screen: 编辑, the screen's own actions, 删除. */
export function RowActions<Row extends { id: number }>({
  row,
  actions,
  onEdit,
  onDelete,
}: RowActionsProps<Row>) {
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [prompting, setPrompting] = useState<RowAction<Row> | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ input: string }>();

  const perform = async (action: RowAction<Row>, input: string, file?: File) => {
    setBusy(true);
    try {
      await action.run(row, input, file);
      void message.success(action.done);
      setPrompting(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    } catch (error) {
      showError(error, form);
    } finally {
      setBusy(false);
    }
  };

  const handleDelete = async () => {
    try {
      await onDelete?.();
      void message.success("已删除");
    } catch (error) {
      showError(error);
    }
  };

  const visible = actions.filter((action) => action.visible?.(row) ?? true);
  return (
    <Space size={0} wrap>
      {onEdit ? (
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
      ) : null}
      {visible.map((action) => {
        if (action.file) {
          const inputId = `row-file-${row.id}-${action.label}`;
          return (
            <span key={action.label}>
              <input
                id={inputId}
                type="file"
                accept={action.file.accept}
                hidden
                aria-label={action.label}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) void perform(action, "", file);
                }}
              />
              <Button
                type="link"
                size="small"
                loading={busy}
                onClick={() => document.getElementById(inputId)?.click()}
              >
                {action.label}
              </Button>
            </span>
          );
        }
        const button = (
          <Button
            key={action.label}
            type="link"
            size="small"
            danger={action.danger}
            loading={busy}
            onClick={
              action.confirm
                ? undefined
                : () => {
                    if (action.prompt) {
                      form.resetFields();
                      setPrompting(action);
                    } else void perform(action, "");
                  }
            }
          >
            {action.label}
          </Button>
        );
        return action.confirm ? (
          <Popconfirm
            key={action.label}
            title={action.confirm(row)}
            okText="确定"
            cancelText="取消"
            onConfirm={() => perform(action, "")}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      {onDelete ? (
        <Popconfirm
          title="确定删除这条记录吗？删除后不可恢复。"
          okText="删除"
          cancelText="取消"
          onConfirm={handleDelete}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ) : null}
      {actions.some((action) => action.prompt) ? (
        <Modal
          open={prompting !== null}
          title={prompting?.prompt?.title}
          okText="确定"
          cancelText="取消"
          confirmLoading={busy}
          onCancel={() => setPrompting(null)}
          onOk={async () => {
            if (!prompting) return;
            try {
              const { input } = await form.validateFields();
              await perform(prompting, (input ?? "").trim());
            } catch {
              // The field shows what is missing.
            }
          }}
          forceRender
        >
          <Form form={form} layout="vertical">
            <Form.Item
              name="input"
              label={prompting?.prompt?.label}
              rules={
                prompting?.prompt?.optional
                  ? []
                  : [{ required: true, whitespace: true, message: `请填写${prompting?.prompt?.label ?? ""}` }]
              }
            >
              <Input.TextArea
                maxLength={prompting?.prompt?.max}
                showCount
                autoSize={{ minRows: 3 }}
                placeholder={prompting?.prompt?.placeholder}
              />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </Space>
  );
}
