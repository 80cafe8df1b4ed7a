import { App, Form, type FormInstance, type FormProps, Modal, type ModalProps } from "antd";
import type { ReactNode } from "react";
import { useApiError } from "../hooks/use-api-error.ts";

type PassedModalProps = Pick<
  ModalProps,
  "open" | "title" | "okText" | "okButtonProps" | "width" | "afterClose" | "destroyOnHidden" | "forceRender"
>;

export interface FormDialogProps<V, R = unknown> extends PassedModalProps {
  form: FormInstance<V>;
  /** Sends the values once the form's own rules pass; the dialog closes when it resolves. */
  submit: (values: V) => Promise<R>;
  /** The call is under way: the OK button spins and cannot be pressed again. */
  pending: boolean;
  /**
   * The toast after a successful call, or how to word it from what the call returned; `successSeconds`
   * keeps it longer than antd's default.
   */
  success: string | ((result: R) => string);
  successSeconds?: number;
  /** For a dialog that stays mounted: the next opening starts from the initial values again. */
  resetOnSuccess?: boolean;
  onClose: () => void;
  /** Shown above the form, outside it. */
  intro?: ReactNode;
  initialValues?: FormProps<V>["initialValues"];
  formTestId?: string;
  /** Prefixes the fields' ids: needed when two dialogs with the same fields are mounted on one page. */
  formName?: string;
  children: ReactNode;
}

/**
 * A dialog whose OK button submits the one form in it. A failed call's field errors are put on the fields
 * they name (anything else is a toast) and the dialog stays open to fix them; success toasts and closes.
 * OK goes through the form's submit, so a form with a single text field also sends on Enter.
 */
export function FormDialog<V, R = unknown>({
  form,
  submit,
  pending,
  success,
  successSeconds,
  resetOnSuccess = false,
  onClose,
  intro,
  initialValues,
  formTestId,
  formName,
  children,
  ...modal
}: FormDialogProps<V, R>) {
  const { message } = App.useApp();
  const showError = useApiError();

  const handleFinish = async (values: V) => {
    let result: R;
    try {
      result = await submit(values);
    } catch (error) {
      showError(error, form);
      return;
    }
    void message.success(typeof success === "function" ? success(result) : success, successSeconds);
    if (resetOnSuccess) form.resetFields();
    onClose();
  };

  return (
    <Modal
      {...modal}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {intro}
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={initialValues}
        data-testid={formTestId}
        name={formName}
      >
        {children}
      </Form>
    </Modal>
  );
}
