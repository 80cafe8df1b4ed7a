import { UserOutlined } from "@ant-design/icons";
import { limits, messages } from "@wjgj/core";
import { App, Avatar, Button, Card, Form, Input } from "antd";
import { type ChangeEvent, useRef, useState } from "react";
import { useUpdateNickNameMutation, useUploadAvatarMutation } from "../../../api/account.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { avatarSource } from "../../../layouts/console-layout/user-panel.tsx";
import { vipBadge, vipExpiryText } from "../../../lib/vip.ts";
import { useUserStore } from "../../../stores/user-store.ts";
import { AvatarCropModal } from "./avatar-crop-modal.tsx";

const ACCEPT = "image/png,image/jpeg";

/** 基本资料: the avatar (chosen, cropped square here, stored resized by the server) and the nickname. */
export function BasicInfoCard() {
  const userInfo = useUserStore((state) => state.userInfo);
  const [form] = Form.useForm<{ nickName: string }>();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatarMutation();
  const rename = useUpdateNickNameMutation();
  const showError = useApiError();
  const { message } = App.useApp();
  if (!userInfo) return null;

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!picked) return;
    if (!ACCEPT.split(",").includes(picked.type) || picked.size > limits.avatar.maxBytes) {
      void message.error(messages.avatarImageInvalid);
      return;
    }
    setFile(picked);
  };

  const handleCropped = (image: Blob) => {
    upload.mutate(image, {
      onSuccess: () => {
        setFile(null);
        void message.success("头像已更新");
      },
      onError: (error) => showError(error),
    });
  };

  const handleRename = ({ nickName }: { nickName: string }) => {
    rename.mutate(nickName, {
      onSuccess: () => void message.success("昵称已保存"),
      onError: (error) => showError(error, form),
    });
  };

  const expiry = vipExpiryText(userInfo);
  return (
    <Card title="基本资料" className="wj-profile__card">
      <div className="wj-profile__basic">
        <div className="wj-profile__avatar">
          <Avatar size={88} src={avatarSource(userInfo)} icon={<UserOutlined />} alt="我的头像" />
          <Button size="small" onClick={() => input.current?.click()} data-testid="avatar-pick">
            更换头像
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={handlePick}
            aria-label="选择头像图片"
            data-testid="avatar-input"
          />
        </div>
        <div className="wj-profile__fields">
          <Form
            form={form}
            layout="vertical"
            initialValues={{ nickName: userInfo.nickName }}
            onFinish={handleRename}
            data-testid="nickname-form"
          >
            <Form.Item
              name="nickName"
              label="昵称"
              rules={[
                { required: true, whitespace: true, message: messages.nickNameInvalid },
                { max: 20, message: messages.nickNameInvalid },
              ]}
            >
              <Input maxLength={20} placeholder="1-20个字符" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={rename.isPending}>
              保存昵称
            </Button>
          </Form>
          <p className="wj-profile__muted">
            会员等级：{vipBadge(userInfo.vipLevel).label}
            {expiry ? `（${expiry}）` : ""}
          </p>
        </div>
      </div>
      <AvatarCropModal
        file={file}
        saving={upload.isPending}
        onCancel={() => setFile(null)}
        onConfirm={handleCropped}
      />
    </Card>
  );
}
