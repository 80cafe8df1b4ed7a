import type { ConsumptionView } from "@wjgj/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { fetchProtectedBlob, saveBlob } from "../../../api/exports.ts";
import { useRequestInvoiceMutation } from "../../../api/pay.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

interface InvoiceForm {
  title: string;
  taxNo?: string;
  email: string;
}

/** 申请发票: the title, the tax number (companies) and where to send it; one request per paid order. */
function InvoiceDialog({
  orderNo,
  open,
  onClose,
  onClosed,
}: {
  orderNo: string;
  open: boolean;
  onClose: () => void;
  /** After the closing motion, once antd has handed focus back to the button that opened it. */
  onClosed: () => void;
}) {
  const [form] = Form.useForm<InvoiceForm>();
  const request = useRequestInvoiceMutation();
  return (
    <FormDialog
      open={open}
      title="申请发票"
      okText="提交申请"
      width={440}
      afterClose={onClosed}
      form={form}
      submit={(values) =>
        request.mutateAsync({
          orderNo,
          title: values.title.trim(),
          taxNo: (values.taxNo ?? "").trim().toUpperCase(),
          email: values.email.trim(),
        })
      }
      pending={request.isPending}
      success="发票申请已提交，开具后可在消费明细中下载"
      onClose={onClose}
      intro={<p className="wj-wallet__card-meta">订单号 {orderNo}</p>}
    >
      <Form.Item
        name="title"
        label="发票抬头"
        rules={[{ required: true, whitespace: true, message: "请填写发票抬头（不超过100字）" }]}
      >
        <Input maxLength={100} placeholder="公司名称或个人姓名" />
      </Form.Item>
      <Form.Item
        name="taxNo"
        label="纳税人识别号"
        rules={[
          {
            pattern: /^([0-9A-Za-z]{15,20})?$/,
            message: "纳税人识别号需为15-20位数字或大写字母，个人抬头可不填",
          },
        ]}
      >
        <Input maxLength={20} placeholder="个人抬头可不填" />
      </Form.Item>
      <Form.Item
        name="email"
        label="接收邮箱"
        rules={[{ required: true, type: "email", message: "请填写正确的接收邮箱" }]}
      >
        <Input maxLength={100} inputMode="email" />
      </Form.Item>
    </FormDialog>
  );
}

/** The 发票 cell of a 消费明细 row: ask for one, wait for it, or download it. */
export function InvoiceCell({ order }: { order: ConsumptionView }) {
  const showError = useApiError();
  const [asking, setAsking] = useState(false);
  // The dialog stays mounted through its closing motion: unmounting it at once would drop keyboard focus on the
  // page's body instead of returning it to 申请发票.
  const [mounted, setMounted] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (order.invoiceStatus === "requested") return <span data-testid="invoice-status">开票中</span>;
  if (order.invoiceStatus === "issued") {
    const handleDownload = async () => {
      setDownloading(true);
      try {
        const blob = await fetchProtectedBlob(
          `/wjgj/api/pay/downloadInvoice?orderNo=${encodeURIComponent(order.orderNo)}`,
        );
        saveBlob(blob, `发票-${order.orderNo}.pdf`);
      } catch (error) {
        showError(error);
      } finally {
        setDownloading(false);
      }
    };
    return (
      <Button type="link" size="small" loading={downloading} onClick={handleDownload}>
        下载发票
      </Button>
    );
  }
  if (order.source !== "order" || order.status !== "paid") return <span>—</span>;
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => {
          setMounted(true);
          setAsking(true);
        }}
      >
        申请发票
      </Button>
      {mounted && (
        <InvoiceDialog
          orderNo={order.orderNo}
          open={asking}
          onClose={() => setAsking(false)}
          onClosed={() => setMounted(false)}
        />
      )}
    </>
  );
}
