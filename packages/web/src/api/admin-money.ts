import type { InvoiceView, OrderView, WithdrawalView } from "@wjgj/core";
import { http } from "./request.ts";

/** Client of the console's money calls: orders (`admin/order/*`), withdrawals (`admin/withdrawal/*`) and
 * invoices (`admin/invoice/*`). */

export interface AdminOrder extends OrderView {
  id: number;
  userId: number;
  tradeNo: string;
  phone: string;
  nickName: string;
}

/** The site's account shown to payers who choose 对公转账. */
export interface BankInfo {
  accountName: string;
  bankName: string;
  accountNo: string;
  note: string;
}

export interface AdminWithdrawal extends WithdrawalView {
  userId: number;
  phone: string;
  nickName: string;
}

export interface AdminInvoice extends InvoiceView {
  amountFen: number;
  itemName: string;
  phone: string;
}

export const adminMoneyApi = {
  confirmTransfer: (orderNo: string, bankSerial: string) =>
    http.post<OrderView>("admin/order/confirmTransfer", { orderNo, bankSerial }),
  refundOrder: (orderNo: string, to: "wallet" | "provider", reason: string) =>
    http.post<OrderView>("admin/order/refund", { orderNo, to, reason }),
  getBankInfo: () => http.get<BankInfo>("admin/order/getBankInfo"),
  saveBankInfo: (input: BankInfo) => http.post<BankInfo>("admin/order/saveBankInfo", { ...input }),
  issueInvoice: (id: number, file: File) => {
    const form = new FormData();
    form.append("id", String(id));
    form.append("file", file, file.name);
    return http.postMultipart<InvoiceView>("admin/invoice/issue", form);
  },
  approveWithdrawal: (id: number, note: string) =>
    http.post<AdminWithdrawal>("admin/withdrawal/approve", { id, note }),
  rejectWithdrawal: (id: number, reason: string) =>
    http.post<AdminWithdrawal>("admin/withdrawal/reject", { id, reason }),
};
