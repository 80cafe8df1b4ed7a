import { App, Button, Card, Form } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useAdminMutation } from "../../api/admin.ts";
import { adminSiteApi, type SettingsSaveInput } from "../../api/admin-site.ts";
import { fieldErrorsOf } from "../../api/errors.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

type Values = Record<string, unknown>;

type SettingsSectionProps = SectionBase &
  (
    | { toInput: (values: Values) => SettingsSaveInput; save?: never }
    /** The section's own call, when it is not a part of `admin/settings/save`. */
    | { save: (values: Values) => Promise<unknown>; toInput?: never }
  );

interface SectionBase {
  title: string;
  testId: string;
  /**
   * The section's key in `admin/settings/save` errors ("footer.siteName" → the siteName field); "" for a
   * section with its own call, whose errors name the form's fields directly.
   */
  prefix: string;
  initial: Values | undefined;
  children: ReactNode;
  extra?: ReactNode;
}

/** One card of the settings screen, saved on its own so a change elsewhere is never sent along. */
export function SettingsSection({
  title,
  testId,
  prefix,
  initial,
  toInput,
  save: saveOwn,
  children,
  extra,
}: SettingsSectionProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const showError = useApiError();
  const save = useAdminMutation((values: Values) =>
    saveOwn ? saveOwn(values) : adminSiteApi.saveSettings(toInput ? toInput(values) : {}),
  );

  // The stored values fill the fields the admin has not typed in since the last save: they arrive after the
  // page opens, and again after every save on the screen (a save refreshes the settings), and must not wipe
  // what is being typed here meanwhile. (antd counts setFieldsValue as touching, so edits are kept apart.)
  const edited = useRef(new Set<string>());
  useEffect(() => {
    if (!initial) return;
    form.setFieldsValue(
      Object.fromEntries(Object.entries(initial).filter(([name]) => !edited.current.has(name))),
    );
  }, [initial, form]);

  const handleFinish = async (values: Values) => {
    try {
      await save.mutateAsync(values);
      edited.current.clear();
      void message.success(`${title}已保存`);
    } catch (error) {
      const errors = fieldErrorsOf(error)
        .filter((item) =>
          prefix === "" ? item.field in values : item.field === prefix || item.field.startsWith(`${prefix}.`),
        )
        .map((item) => ({
          name:
            (prefix === "" ? item.field : item.field.slice(prefix.length + 1)) ||
            Object.keys(values)[0] ||
            prefix,
          errors: [item.message],
        }));
      if (errors.length > 0) form.setFields(errors);
      else showError(error, form);
    }
  };

  return (
    <Card title={title} extra={extra} className="wj-settings__card" data-testid={testId}>
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        onValuesChange={(changed: Values) => {
          for (const name of Object.keys(changed)) edited.current.add(name);
        }}
        className="wj-settings__form"
      >
        {children}
        <Form.Item className="wj-settings__actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存{title}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
