import {
  fenToYuan,
  WITHDRAWAL_MAX_FEN,
  WITHDRAWAL_MIN_FEN,
  type WithdrawalChannel,
  type WithdrawalView,
  withdrawalChannelLabels,
  withdrawalStatusLabels,
  yuanToFen,
} from "@wjgj/core";
import { App, Button, Form, Input, List, Popconfirm, Radio, Tag } from "antd";
import { useState } from "react";
import {
  useCancelWithdrawalMutation,
  useRequestWithdrawalMutation,
  useWithdrawals,
} from "../../../api/pay.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

const PAGE_SIZE = 5;

const statusColors: Record<WithdrawalView["status"], string> = {
  pending: "orange",
  paid: "green",
  rejected: "red",
  cancelled: "default",
};

interface WithdrawalForm {
  amount: string;
  channel: WithdrawalChannel;
  accountName: string;
  accountNo: string;
  bankName?: string;
}

/** 提现: the amount (at most what is available) and where to pay it; it is frozen until an admin decides. */
export function WithdrawDialog({
  open,
  availableFen,
  onClose,
}: {
  open: boolean;
  availableFen: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<WithdrawalForm>();
  const channel = Form.useWatch("channel", form) ?? "alipay";
  const request = useRequestWithdrawalMutation();
  return (
    <FormDialog
      open={open}
      title="申请提现"
      okText="提交申请"
      width={440}
      forceRender
      form={form}
      submit={(values) =>
        request.mutateAsync({
          amountFen: yuanToFen(values.amount) ?? 0,
          channel: values.channel,
          accountName: values.accountName.trim(),
          accountNo: values.accountNo.trim(),
          bankName: values.channel === "bank" ? (values.bankName ?? "").trim() : "",
        })
      }
      pending={request.isPending}
      success="提现申请已提交，审核通过后打款"
      resetOnSuccess
      onClose={onClose}
      intro={
        <p className="wj-wallet__card-meta">
          可提现余额 ¥{fenToYuan(availableFen)}。提交后金额将被冻结，管理员审核打款后从余额扣除，驳回则解冻。
        </p>
      }
      initialValues={{ channel: "alipay" }}
    >
      <Form.Item
        name="amount"
        label="提现金额（元）"
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const fen = yuanToFen(value ?? "");
              if (fen === null || fen < WITHDRAWAL_MIN_FEN || fen > WITHDRAWAL_MAX_FEN)
                return Promise.reject(new Error("提现金额需为1到50000元之间，最多两位小数"));
              if (fen > availableFen) return Promise.reject(new Error("提现金额超过可用余额"));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="decimal" prefix="¥" placeholder="1 - 50000" />
      </Form.Item>
      <Form.Item name="channel" label="收款方式">
        <Radio.Group
          options={(["alipay", "bank"] as const).map((value) => ({
            value,
            label: withdrawalChannelLabels[value],
          }))}
        />
      </Form.Item>
      <Form.Item
        name="accountName"
        label="收款人姓名"
        rules={[{ required: true, whitespace: true, message: "请填写收款人姓名（不超过32字）" }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      {channel === "bank" && (
        <Form.Item
          name="bankName"
          label="开户银行"
          rules={[{ required: true, whitespace: true, message: "收款方式为银行卡时请填写开户银行" }]}
        >
          <Input maxLength={64} placeholder="如：招商银行北京分行" />
        </Form.Item>
      )}
      <Form.Item
        name="accountNo"
        label={channel === "bank" ? "银行卡号" : "支付宝账号"}
        rules={[{ required: true, whitespace: true, message: "请填写收款账号（不超过64字）" }]}
      >
        <Input maxLength={64} />
      </Form.Item>
    </FormDialog>
  );
}

function WithdrawalRow({ item }: { item: WithdrawalView }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const cancel = useCancelWithdrawalMutation();
  const handleCancel = async () => {
    try {
      await cancel.mutateAsync(item.id);
      void message.success("已撤销提现申请，金额已解冻");
    } catch (error) {
      showError(error);
    }
  };
  return (
    <List.Item
      className="wj-wallet__record"
      data-testid="withdrawal-record"
      actions={
        item.status === "pending"
          ? [
              <Popconfirm
                key="cancel"
                title="确定撤销这笔提现申请吗？"
                okText="撤销"
                cancelText="取消"
                onConfirm={handleCancel}
              >
                <Button type="link" size="small" loading={cancel.isPending}>
                  撤销
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    >
      <div>
        <div className="wj-wallet__record-kind">
          提现到{withdrawalChannelLabels[item.channel]} {item.accountNo}{" "}
          <Tag color={statusColors[item.status]}>{withdrawalStatusLabels[item.status]}</Tag>
        </div>
        <div className="wj-wallet__record-meta">
          {item.createdAt}
          {item.adminNote ? ` · ${item.status === "rejected" ? "驳回原因" : "备注"}：${item.adminNote}` : ""}
        </div>
      </div>
      <strong className="wj-money--out">¥{fenToYuan(item.amountFen)}</strong>
    </List.Item>
  );
}

/** 提现记录 under the wallet: every request with its state; a pending one can be taken back. */
export function WithdrawalList() {
  const [pageNum, setPageNum] = useState(1);
  const list = useWithdrawals(pageNum, PAGE_SIZE);
  const total = list.data?.total ?? 0;
  return (
    <>
      <h2 className="wj-wallet__subtitle">提现记录</h2>
      <List
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <span className="wj-empty-text">暂无提现记录</span> }}
        renderItem={(item) => <WithdrawalRow item={item} />}
        pagination={
          total > PAGE_SIZE
            ? { current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, size: "small" }
            : false
        }
      />
    </>
  );
}
