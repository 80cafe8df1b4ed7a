import { spaceRules, type UserSpace } from "@wjgj/core";
import { Alert, Button, Form, InputNumber, Select } from "antd";
import { useState } from "react";
import { usePostToSpace } from "../../api/answer-space.ts";

interface Values {
  id: number;
  reward: number;
  quota: number;
}

/** 发布到互填: one of the caller's published questionnaires, the points per answer and answers wanted. */
export function PostForm({ space }: { space: UserSpace }) {
  const [form] = Form.useForm<Values>();
  const post = usePostToSpace();
  const [done, setDone] = useState("");
  const { minReward, maxReward, postFee } = space.rules;
  const defaultReward = Math.min(Math.max(2, minReward), maxReward);
  const reward = Form.useWatch("reward", form) ?? defaultReward;
  const quota = Form.useWatch("quota", form) ?? 10;

  const handleFinish = (values: Values) => {
    setDone("");
    post.mutate(values, {
      onSuccess: (created) => {
        const fee = postFee > 0 ? `，扣除发布费用 ${postFee} 积分` : "";
        setDone(`已发布“${created.title}”，冻结 ${created.reward * created.quota} 积分${fee}`);
        form.resetFields();
      },
    });
  };

  const posted = done ? <Alert type="success" showIcon message={done} /> : null;
  // After a post the caller may have nothing left to post: the confirmation stays.
  if (!space.canPost)
    return (
      <>
        {posted}
        <Alert type="info" showIcon message={space.reason} />
      </>
    );
  return (
    <Form
      form={form}
      layout="vertical"
      className="wj-mutual__form"
      initialValues={{ id: space.postable[0]?.questionnaireId, reward: defaultReward, quota: 10 }}
      onFinish={handleFinish}
    >
      <Form.Item name="id" label="选择问卷" rules={[{ required: true, message: "请选择要发布的问卷" }]}>
        <Select
          options={space.postable.map((q) => ({ value: q.questionnaireId, label: q.title }))}
          aria-label="选择问卷"
        />
      </Form.Item>
      <div className="wj-mutual__form-row">
        <Form.Item
          name="reward"
          label="每份答卷奖励（积分）"
          extra={`${minReward}-${maxReward}积分`}
          rules={[{ required: true, message: "请填写奖励" }]}
        >
          <InputNumber min={minReward} max={maxReward} precision={0} />
        </Form.Item>
        <Form.Item name="quota" label="需要答卷数" rules={[{ required: true, message: "请填写答卷数" }]}>
          <InputNumber min={spaceRules.minQuota} max={spaceRules.maxQuota} precision={0} />
        </Form.Item>
      </div>
      <p className="wj-mutual__hint">
        {postFee > 0
          ? `共需 ${reward * quota + postFee} 积分（含发布费用 ${postFee} 积分），未发完的奖励积分在结束时退回`
          : `共需 ${reward * quota} 积分，未发完的积分在结束时退回`}
      </p>
      {post.error ? <Alert type="error" showIcon message={post.error.message} /> : null}
      {posted}
      <Button type="primary" htmlType="submit" loading={post.isPending}>
        发布到互填
      </Button>
    </Form>
  );
}
