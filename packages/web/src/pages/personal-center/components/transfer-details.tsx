import { fenToYuan, type OrderView, type TransferDetails } from "@wjgj/core";
import { Button, Descriptions, Typography } from "antd";

interface TransferDetailsPanelProps {
  order: OrderView;
  transfer: TransferDetails;
  onDone: () => void;
}

/**
 * 对公转账: the site's bank account and the order number to write in the transfer's 附言. Nothing is paid
 * here; the order waits until an admin confirms the money arrived, and 消费明细 shows where it stands.
 */
export function TransferDetailsPanel({ order, transfer, onDone }: TransferDetailsPanelProps) {
  const items = [
    { key: "amount", label: "转账金额", children: <strong>¥{fenToYuan(order.amountFen)}</strong> },
    { key: "accountName", label: "收款户名", children: transfer.accountName },
    { key: "bankName", label: "开户银行", children: transfer.bankName },
    {
      key: "accountNo",
      label: "收款账号",
      children: (
        <Typography.Text copyable={{ text: transfer.accountNo.replace(/\s/g, "") }}>
          {transfer.accountNo}
        </Typography.Text>
      ),
    },
    {
      key: "reference",
      label: "转账附言",
      children: (
        <Typography.Text copyable strong data-testid="transfer-reference">
          {transfer.reference}
        </Typography.Text>
      ),
    },
  ];
  return (
    <div className="wj-checkout__scan" data-testid="checkout-transfer">
      <p>请通过对公账户转账到以下账户，并在附言中填写订单号，以便我们核对到账：</p>
      <Descriptions column={1} size="small" bordered items={items} />
      <p className="wj-checkout__hint">
        到账后由管理员确认收款，订单随即完成{order.kind === "vip" ? "、会员自动开通" : ""}
        ；订单状态可在“消费明细”中查看。{transfer.note}
      </p>
      <Button type="primary" block onClick={onDone}>
        我知道了
      </Button>
    </div>
  );
}
