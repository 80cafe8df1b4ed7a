import type { QuestionnaireKind } from "@wjgj/core";
import { Form, Input, Modal } from "antd";

const examples: Record<QuestionnaireKind, string> = {
  survey: "2024 年用户满意度调研",
  exam: "新员工入职培训考试",
  form: "春季运动会报名表",
  vote: "年度优秀员工评选",
  satisfaction: "客户服务满意度调查",
  knowledge: "消防安全知识竞赛",
};

interface BlankCreateModalProps {
  open: boolean;
  kind: QuestionnaireKind;
  kindName: string;
  creating: boolean;
  onCancel: () => void;
  onCreate: (title: string) => void;
}

/** 空白创建: only the title is asked; everything else happens in the designer. */
export function BlankCreateModal({
  open,
  kind,
  kindName,
  creating,
  onCancel,
  onCreate,
}: BlankCreateModalProps) {
  const [form] = Form.useForm<{ title: string }>();
  return (
    <Modal
      open={open}
      title={`创建空白${kindName}`}
      okText="立即创建"
      cancelText="取消"
      confirmLoading={creating}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => onCreate(values.title.trim())}
        requiredMark={false}
        key={kind}
      >
        <Form.Item
          name="title"
          label={`${kindName}标题`}
          rules={[
            { required: true, whitespace: true, message: "请输入标题" },
            { max: 200, message: "标题最多 200 个字" },
          ]}
        >
          <Input
            autoFocus
            placeholder={`例如：${examples[kind]}`}
            maxLength={200}
            showCount
            data-testid="blank-title"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
