import { DEFAULT_REVIEW_NOTE } from "@wjgj/core";
import { Form, Input, Switch } from "antd";

/**
 * 提交后需审核 in 问卷设置 (issue #41): the switch and, while it is on, the note respondents read after
 * submitting. The note stays registered while hidden: a change of the switch sends the whole group.
 */
export function ReviewSettings() {
  return (
    <>
      <Form.Item
        label="提交后需审核"
        name={["review", "required"]}
        valuePropName="checked"
        tooltip="每份答卷提交后为“待审核”，由所有者或管理员通过或拒绝；填写者可在回执中查看审核结果，留了手机号的会收到短信"
      >
        <Switch />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.review?.required !== b.review?.required}>
        {({ getFieldValue }) => (
          <Form.Item
            label="提交后的审核提示"
            name={["review", "note"]}
            hidden={!getFieldValue(["review", "required"])}
          >
            <Input maxLength={200} showCount placeholder={DEFAULT_REVIEW_NOTE} />
          </Form.Item>
        )}
      </Form.Item>
    </>
  );
}
