import {
  type WebhookDeliveryState,
  type WebhookEventType,
  type WebhookSummary,
  type WebhookWithSecret,
  webhookDeliveryState,
  webhookDeliveryStateNames,
  webhookEventNames,
  webhookEventTypes,
} from "@wjgj/core";
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Checkbox,
  Drawer,
  Form,
  Input,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { Link } from "react-router";
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useReplayDeliveryMutation,
  useRotateWebhookSecretMutation,
  useTestWebhookMutation,
  useUpdateWebhookMutation,
  useWebhookDeliveries,
  useWebhooks,
} from "../../api/webhooks.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import "./webhooks-panel.css";

const deliveryColors: Record<WebhookDeliveryState, string> = {
  pending: "processing",
  retrying: "warning",
  delivered: "green",
  failed: "red",
};

/**
 * 数据推送 (webhooks): hooks of one questionnaire, or with `questionnaireId` null the account's hooks for every
 * questionnaire. Each hook's secret is shown once; its 推送记录 lists every message with its last attempt.
 */
export function WebhooksPanel({ questionnaireId }: { questionnaireId: number | null }) {
  const hooks = useWebhooks(questionnaireId);
  const showError = useApiError();
  const { message } = App.useApp();
  const update = useUpdateWebhookMutation();
  const remove = useDeleteWebhookMutation();
  const rotate = useRotateWebhookSecretMutation();
  const test = useTestWebhookMutation();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [logOf, setLogOf] = useState<WebhookSummary | null>(null);

  return (
    <section className="wj-hooks" data-testid="webhooks-panel">
      <div className="wj-hooks__head">
        <p className="wj-hooks__intro">
          {questionnaireId === null
            ? "为您的所有问卷设置数据推送：有新答卷、答卷状态变化、问卷发布或暂停时，立即把消息推送到您的系统。"
            : "有新答卷、答卷状态变化、问卷发布或暂停时，立即把消息推送到您的系统（如 CRM）。"}
          每条消息带签名（Standard Webhooks），失败会在 24 小时内自动重试。
          <Link to="/website/resource/api#webhooks">如何验证签名</Link>
        </p>
        <Button type="primary" onClick={() => setAdding(true)} data-testid="webhook-add">
          添加推送
        </Button>
      </div>
      <List
        loading={hooks.isLoading}
        dataSource={hooks.data ?? []}
        itemLayout="vertical"
        locale={{ emptyText: <span className="wj-hooks__empty">还没有数据推送</span> }}
        data-testid="webhook-list"
        renderItem={(hook) => (
          <List.Item
            data-testid="webhook-item"
            actions={[
              <Button
                key="log"
                type="link"
                size="small"
                onClick={() => setLogOf(hook)}
                data-testid="webhook-log"
              >
                推送记录
              </Button>,
              <Button
                key="test"
                type="link"
                size="small"
                loading={test.isPending && test.variables === hook.id}
                disabled={!hook.enabled}
                onClick={() =>
                  test.mutate(hook.id, {
                    onSuccess: () => void message.success("已发送测试消息，可在推送记录中查看结果"),
                    onError: (error) => showError(error),
                  })
                }
                data-testid="webhook-test"
              >
                发送测试
              </Button>,
              <Button
                key="toggle"
                type="link"
                size="small"
                onClick={() =>
                  update.mutate(
                    { id: hook.id, enabled: !hook.enabled },
                    {
                      onSuccess: () => void message.success(hook.enabled ? "已停用" : "已启用"),
                      onError: (error) => showError(error),
                    },
                  )
                }
              >
                {hook.enabled ? "停用" : "启用"}
              </Button>,
              <Popconfirm
                key="rotate"
                title="重新生成签名密钥？"
                description="旧密钥立即失效，请同时更新接收方的密钥。"
                okText="重新生成"
                cancelText="取消"
                onConfirm={() =>
                  rotate.mutate(hook.id, {
                    onSuccess: (next) => setSecret(next),
                    onError: (e) => showError(e),
                  })
                }
              >
                <Button type="link" size="small">
                  重新生成密钥
                </Button>
              </Popconfirm>,
              <Popconfirm
                key="delete"
                title="删除这个数据推送？"
                description="删除后不再推送，推送记录一并删除。"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() =>
                  remove.mutate(hook.id, {
                    onSuccess: () => void message.success("已删除"),
                    onError: (error) => showError(error),
                  })
                }
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <div className="wj-hooks__url">
              <Typography.Text code>{hook.url}</Typography.Text>{" "}
              {hook.enabled ? <Tag color="green">启用中</Tag> : <Tag>已停用</Tag>}
            </div>
            {hook.disabledReason ? (
              <Alert type="warning" showIcon title={hook.disabledReason} className="wj-hooks__alert" />
            ) : null}
            <div className="wj-hooks__events">
              {hook.events.map((event) => (
                <Tag key={event}>{webhookEventNames[event]}</Tag>
              ))}
            </div>
            <div className="wj-hooks__muted">
              创建于 {hook.createdAt}
              {hook.consecutiveFailures > 0 ? ` · 最近连续失败 ${hook.consecutiveFailures} 次` : ""}
            </div>
          </List.Item>
        )}
      />
      <AddWebhookModal
        open={adding}
        questionnaireId={questionnaireId}
        onClose={() => setAdding(false)}
        onCreated={(hook) => {
          setAdding(false);
          setSecret(hook);
        }}
      />
      <Modal
        open={secret !== null}
        title="请保存签名密钥"
        onCancel={() => setSecret(null)}
        footer={
          <Button type="primary" onClick={() => setSecret(null)} data-testid="webhook-secret-done">
            我已保存
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          title="密钥只显示这一次。接收方用它验证请求头 webhook-signature，确认消息来自问卷管家。"
          className="wj-hooks__alert"
        />
        <Typography.Paragraph copyable={{ text: secret?.secret ?? "" }} data-testid="webhook-secret">
          <Typography.Text code className="wj-hooks__secret">
            {secret?.secret}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
      <DeliveriesDrawer hook={logOf} onClose={() => setLogOf(null)} />
    </section>
  );
}

function AddWebhookModal(props: {
  open: boolean;
  questionnaireId: number | null;
  onClose: () => void;
  onCreated: (hook: WebhookWithSecret) => void;
}) {
  const [form] = Form.useForm<{ url: string; events: WebhookEventType[] }>();
  const create = useCreateWebhookMutation();
  const showError = useApiError();
  return (
    <Modal
      open={props.open}
      title="添加数据推送"
      okText="添加"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      okButtonProps={{ "data-testid": "webhook-add-ok" } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ events: [...webhookEventTypes] }}
        onFinish={(values) =>
          create.mutate(
            { questionnaireId: props.questionnaireId, url: values.url.trim(), events: values.events },
            {
              onSuccess: (hook) => {
                form.resetFields();
                props.onCreated(hook);
              },
              onError: (error) => showError(error),
            },
          )
        }
      >
        <Form.Item
          name="url"
          label="推送地址"
          extra="您的系统接收消息的地址，须为公网可访问的 http 或 https 地址。"
          rules={[{ required: true, whitespace: true, message: "请填写推送地址" }]}
        >
          <Input placeholder="https://example.com/hooks/wjgj" maxLength={2000} data-testid="webhook-url" />
        </Form.Item>
        <Form.Item
          name="events"
          label="推送的事件"
          rules={[{ required: true, type: "array", min: 1, message: "请至少选择一个事件" }]}
        >
          <Checkbox.Group
            className="wj-hooks__checks"
            options={webhookEventTypes.map((event) => ({ value: event, label: webhookEventNames[event] }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveriesDrawer({ hook, onClose }: { hook: WebhookSummary | null; onClose: () => void }) {
  const [pageNum, setPageNum] = useState(1);
  const deliveries = useWebhookDeliveries(hook?.id ?? null, pageNum);
  const replay = useReplayDeliveryMutation();
  const showError = useApiError();
  const { message } = App.useApp();
  const page = deliveries.data;
  return (
    <Drawer
      open={hook !== null}
      onClose={onClose}
      title="推送记录"
      size="min(720px, 100vw)"
      rootClassName="wj-hooks__drawer"
      destroyOnHidden
    >
      <List
        loading={deliveries.isLoading}
        dataSource={page?.list ?? []}
        locale={{ emptyText: <span className="wj-hooks__empty">还没有推送过消息</span> }}
        data-testid="webhook-deliveries"
        renderItem={(delivery) => (
          <List.Item data-testid="webhook-delivery">
            <div className="wj-hooks__delivery">
              <Space wrap size={[8, 4]}>
                <Tag color={deliveryColors[webhookDeliveryState(delivery)]}>
                  {webhookDeliveryStateNames[webhookDeliveryState(delivery)]}
                </Tag>
                <span>{webhookEventNames[delivery.eventType]}</span>
                <span className="wj-hooks__muted">
                  {delivery.createdAt} · 尝试 {delivery.attempts} 次
                  {delivery.lastStatusCode === null ? "" : ` · HTTP ${delivery.lastStatusCode}`}
                  {delivery.lastLatencyMs === null ? "" : ` · ${delivery.lastLatencyMs} 毫秒`}
                </span>
              </Space>
              {delivery.lastError ? <div className="wj-hooks__error">{delivery.lastError}</div> : null}
              {delivery.nextAttemptAt ? (
                <div className="wj-hooks__muted">下次重试：{delivery.nextAttemptAt}</div>
              ) : null}
              {delivery.lastResponseExcerpt ? (
                <>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus */}
                  <section className="wj-hooks__excerpt" tabIndex={0} aria-label="对方返回的内容">
                    <pre>{delivery.lastResponseExcerpt}</pre>
                  </section>
                </>
              ) : null}
              <Button
                size="small"
                onClick={() =>
                  replay.mutate(
                    { id: delivery.webhookId, deliveryId: delivery.id },
                    {
                      onSuccess: () => void message.success("已重新加入发送队列"),
                      onError: (error) => showError(error),
                    },
                  )
                }
              >
                重新发送
              </Button>
            </div>
          </List.Item>
        )}
      />
      {page && page.total > page.pageSize ? (
        <Pagination
          current={pageNum}
          pageSize={page.pageSize}
          total={page.total}
          onChange={setPageNum}
          showSizeChanger={false}
          size="small"
        />
      ) : null}
    </Drawer>
  );
}
