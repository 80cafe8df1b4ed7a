import { KeyOutlined } from "@ant-design/icons";
import {
  type ApiKeyScope,
  type ApiKeySummary,
  apiKeyScopeNames,
  apiKeyScopes,
  type CreatedApiKey,
} from "@wjgj/core";
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Checkbox,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Select,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { Link } from "react-router";
import {
  useApiCalls,
  useApiKeys,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} from "../../../api/api-keys.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";

const stateTags: Record<ApiKeySummary["state"], { color: string; text: string }> = {
  active: { color: "green", text: "有效" },
  expired: { color: "default", text: "已过期" },
  revoked: { color: "red", text: "已吊销" },
};

const expiryOptions = [
  { value: 0, label: "永不过期" },
  { value: 30, label: "30天" },
  { value: 90, label: "90天" },
  { value: 365, label: "1年" },
];

interface CreateValues {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number;
}

/** 开放接口 · API 密钥: keys the account's own systems call the open API with; each shown once. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKeyMutation();
  const showError = useApiError();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [callsOf, setCallsOf] = useState<ApiKeySummary | null>(null);

  return (
    <Card
      title="开放接口 · API 密钥"
      className="wj-profile__card"
      data-testid="api-keys-card"
      extra={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="api-key-create">
          创建密钥
        </Button>
      }
    >
      <p className="wj-profile__muted">
        {"用 API 密钥让您的 CRM、人事或数据系统读取问卷和答卷、创建并发布问卷。"}
        {"密钥拥有您账号的相应权限，请妥善保管；不再使用时请立即吊销。"}
        <Link to="/website/resource/api">查看开放接口文档</Link>
      </p>
      <List
        itemLayout="vertical"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        locale={{ emptyText: <span className="wj-profile__empty">还没有 API 密钥</span> }}
        data-testid="api-key-list"
        renderItem={(item) => (
          <List.Item
            data-testid="api-key-item"
            actions={[
              <Button key="calls" type="link" size="small" onClick={() => setCallsOf(item)}>
                调用记录
              </Button>,
              ...(item.state === "active"
                ? [
                    <Popconfirm
                      key="revoke"
                      title="吊销这个密钥？"
                      description="吊销后立即失效，使用它的系统将无法再调用接口。"
                      okText="吊销"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() =>
                        revoke.mutate(item.id, {
                          onSuccess: () => void message.success("密钥已吊销"),
                          onError: (error) => showError(error),
                        })
                      }
                    >
                      <Button type="link" size="small" danger data-testid="api-key-revoke">
                        吊销
                      </Button>
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={<KeyOutlined className="wj-profile__device-icon" />}
              title={
                <span>
                  {item.name} <Tag color={stateTags[item.state].color}>{stateTags[item.state].text}</Tag>
                </span>
              }
              description={
                <>
                  <Typography.Text code>{item.prefix}</Typography.Text>{" "}
                  {item.scopes.map((scope) => (
                    <Tag key={scope}>{apiKeyScopeNames[scope]}</Tag>
                  ))}
                  <div className="wj-profile__muted">
                    创建于 {item.createdAt}
                    {item.expiresAt
                      ? ` · ${item.state === "expired" ? "已于" : ""}${item.expiresAt} 过期`
                      : " · 永不过期"}
                    {item.lastUsedAt ? ` · 最近使用 ${item.lastUsedAt}（${item.lastUsedIp}）` : " · 尚未使用"}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <Modal
        open={created !== null}
        title="请立即复制并保存密钥"
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)} data-testid="api-key-done">
            我已保存
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          title="密钥只显示这一次，关闭后无法再次查看；遗失请吊销后重新创建。"
          style={{ marginBottom: 12 }}
        />
        <Typography.Paragraph copyable={{ text: created?.key ?? "" }} data-testid="api-key-secret">
          <Typography.Text code style={{ wordBreak: "break-all" }}>
            {created?.key}
          </Typography.Text>
        </Typography.Paragraph>
        <p className="wj-profile__muted">调用时放在请求头中：Authorization: Bearer 密钥</p>
      </Modal>
      <CallsModal apiKey={callsOf} onClose={() => setCallsOf(null)} />
    </Card>
  );
}

function CreateKeyModal(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateApiKeyMutation();
  const showError = useApiError();
  const submit = (values: CreateValues) =>
    create.mutate(
      { name: values.name, scopes: values.scopes, expiresInDays: values.expiresInDays || null },
      {
        onSuccess: (key) => {
          form.resetFields();
          props.onCreated(key);
        },
        onError: (error) => showError(error),
      },
    );
  return (
    <Modal
      open={props.open}
      title="创建 API 密钥"
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      okButtonProps={{ "data-testid": "api-key-create-ok" } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ scopes: ["questionnaires:read", "responses:read"], expiresInDays: 90 }}
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[
            {
              validator: async (_rule, value) => {
                // zod loads with the first check, not with 个人中心.
                const { apiKeyNameSchema } = await import("@wjgj/core/api/open-api-key-name");
                const parsed = apiKeyNameSchema.safeParse(value ?? "");
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input placeholder="例如：CRM 同步" maxLength={50} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label="权限"
          rules={[{ required: true, type: "array", min: 1, message: "请至少选择一项权限" }]}
        >
          <Checkbox.Group
            options={apiKeyScopes.map((scope) => ({ value: scope, label: apiKeyScopeNames[scope] }))}
            className="wj-profile__scopes"
          />
        </Form.Item>
        <Form.Item name="expiresInDays" label="有效期">
          <Select options={expiryOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CallsModal(props: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const calls = useApiCalls(props.apiKey?.id ?? null);
  return (
    <Modal
      open={props.apiKey !== null}
      title={`调用记录 · ${props.apiKey?.name ?? ""}`}
      onCancel={props.onClose}
      footer={null}
    >
      <List
        size="small"
        loading={calls.isLoading}
        dataSource={calls.data ?? []}
        locale={{ emptyText: <span className="wj-profile__empty">最近没有调用</span> }}
        data-testid="api-call-list"
        renderItem={(call) => (
          <List.Item>
            <span className="wj-profile__call">
              <Tag color={call.status < 400 ? "green" : "red"}>{call.status}</Tag>
              <Typography.Text code>
                {call.method} {call.path}
              </Typography.Text>
              <span className="wj-profile__muted">
                {call.at} · {call.ip} · {call.durationMs} 毫秒
              </span>
            </span>
          </List.Item>
        )}
      />
    </Modal>
  );
}
