import { PlusOutlined } from "@ant-design/icons";
import type { QuestionnaireAction } from "@wjgj/core";
import {
  Button,
  Card,
  type FormInstance,
  type FormProps,
  Popconfirm,
  Table,
  type TableColumnsType,
  type TableProps,
} from "antd";
import { type ReactNode, useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { Permitted, useAccess } from "../../../components/permitted.tsx";

/**
 * 奖品 and 红包 side by side on the rewards page: a card titled by the kind, the table of what was added, and
 * an 添加 button opening a dialog of the same title whose fields are the children. One frame, so the two
 * lists look and work alike.
 */
export function RewardListCard<T extends object, V>({
  title,
  addText,
  action,
  notice,
  rowKey,
  list,
  columns,
  emptyText,
  form,
  add,
  okText,
  success,
  resetOnSuccess,
  initialValues,
  after,
  children,
}: {
  title: string;
  /** The button's text and the dialog's title. */
  addText: string;
  /** What adding needs of the caller's role (the button is disabled, with the reason, without it). */
  action: QuestionnaireAction;
  /** Shown above the table. */
  notice?: ReactNode;
  rowKey: TableProps<T>["rowKey"];
  list: { isLoading: boolean; data?: readonly T[] };
  columns: TableColumnsType<T>;
  emptyText: string;
  form: FormInstance<V>;
  add: { mutateAsync: (values: V) => Promise<unknown>; isPending: boolean };
  okText: string;
  success: string;
  resetOnSuccess?: boolean;
  initialValues: FormProps<V>["initialValues"];
  /** Rendered after the add dialog (a row's edit dialog). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card
      title={title}
      extra={
        <Permitted action={action}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            {addText}
          </Button>
        </Permitted>
      }
    >
      {notice}
      <Table<T>
        rowKey={rowKey}
        size="small"
        scroll={{ x: "max-content" }}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText }}
      />
      <FormDialog
        open={open}
        title={addText}
        okText={okText}
        forceRender
        form={form}
        submit={(values) => add.mutateAsync(values)}
        pending={add.isPending}
        success={success}
        resetOnSuccess={resetOnSuccess}
        onClose={() => setOpen(false)}
        initialValues={initialValues}
      >
        {children}
      </FormDialog>
      {after}
    </Card>
  );
}

/** A row's 删除, asked once more: `description` says what becomes of what was already won or paid. */
export function RemoveButton({
  action,
  title,
  description,
  onConfirm,
}: {
  /** What removing needs of the caller's role. */
  action: QuestionnaireAction;
  title: string;
  description: string;
  onConfirm: () => void;
}) {
  const button = (
    <Button size="small" danger>
      删除
    </Button>
  );
  if (!useAccess().may(action)) return <Permitted action={action}>{button}</Permitted>;
  return (
    <Popconfirm title={title} description={description} okText="删除" cancelText="取消" onConfirm={onConfirm}>
      {button}
    </Popconfirm>
  );
}
