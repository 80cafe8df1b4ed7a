import { App, Form, Modal } from "antd";
import { useEffect } from "react";
import { useAdminMutation } from "../../../api/admin.ts";
import { adminRecordsApi } from "../../../api/admin-records.ts";
import type { Params } from "../../../api/request.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { formToParams, rowToForm } from "../lib/form-values.ts";
import type { EditingSpec, FormValues } from "../screen-config.ts";
import { FieldInput } from "./field-input.tsx";

interface RecordFormProps<Row extends { id: number }> {
  spec: EditingSpec<Row>;
  /** The record being edited; null for a new one. */
  row: Row | null;
  open: boolean;
  onClose: () => void;
}

/** 新建/编辑 dialog of a record screen: fields from the config, saved through `admin/<entity>/save`. */
export function RecordForm<Row extends { id: number }>({ spec, row, open, onClose }: RecordFormProps<Row>) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const save = useAdminMutation((params: Params) => adminRecordsApi.save(spec.entity, params));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const source: FormValues = row
      ? { ...(row as unknown as FormValues), ...spec.fromRow?.(row) }
      : spec.defaults;
    form.setFieldsValue(rowToForm(spec.fields, source));
  }, [open, row, spec, form]);

  const handleOk = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const params = formToParams(spec.fields, values);
    try {
      await save.mutateAsync(row ? { ...params, id: row.id } : params);
      void message.success(row ? "已保存" : `已新建${spec.noun}`);
      onClose();
    } catch (error) {
      showError(error, form);
    }
  };

  return (
    <Modal
      open={open}
      title={`${row ? "编辑" : "新建"}${spec.noun}`}
      okText="保存"
      cancelText="取消"
      width={spec.wide ? 880 : 560}
      confirmLoading={save.isPending}
      onOk={handleOk}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="record-form" requiredMark>
        {spec.fields.map((field) => (
          <FieldInput key={field.name} field={field} />
        ))}
      </Form>
    </Modal>
  );
}
