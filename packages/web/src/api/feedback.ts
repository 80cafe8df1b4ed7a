import { limits, messages } from "@wjgj/core";
import { type MessageArgsProps, Modal, type ModalFuncProps, message } from "antd";

/**
 * The request client runs outside React but must show antd toasts and boxes that follow the app's theme
 * and locale, and must navigate inside the SPA (a full reload would swallow the toast). The app registers
 * its antd instances and the router here at start; the static antd API is the fallback before that.
 */
export interface FeedbackApi {
  message: { open: (config: MessageArgsProps) => unknown };
  modal: { warning: (config: ModalFuncProps) => unknown };
}

let antd: FeedbackApi = { message, modal: Modal };
let navigate: (to: string) => void = (to) => window.location.assign(to);
let reload: () => void = () => window.location.reload();
let permissionBoxOpen = false;

export function registerFeedback(api: FeedbackApi): void {
  antd = api;
}

export function registerNavigate(fn: (to: string) => void): void {
  navigate = fn;
}

/** Tests replace the page reload of the other-platform login. */
export function registerReload(fn: () => void): void {
  reload = fn;
}

export function navigateTo(to: string): void {
  navigate(to);
}

export function reloadPage(): void {
  reload();
}

/** Error toast of the request helper: 1 second (seed §8). */
export function showErrorToast(text: string): void {
  // One key per text so a burst of failing calls shows the message once, not stacked.
  void antd.message.open({ type: "error", content: text, duration: limits.toastSeconds, key: text });
}

/** The permission box of seed §6; a burst of 403s opens it once. */
export function showPermissionBox(onConfirm: () => void): void {
  if (permissionBoxOpen) return;
  permissionBoxOpen = true;
  antd.modal.warning({
    title: messages.permissionTitle,
    content: messages.forbidden,
    okText: messages.permissionConfirm,
    onOk: () => {
      permissionBoxOpen = false;
      onConfirm();
    },
  });
}

let upgradeBoxOpen = false;

/** A 402: what the account's level lacks, with 去升级 to the pricing page (one box at a time). */
export function showUpgradeBox(text: string, onUpgrade: () => void): void {
  if (upgradeBoxOpen) return;
  upgradeBoxOpen = true;
  antd.modal.warning({
    title: "需要升级会员",
    okCancel: true,
    content: text,
    okText: "去升级",
    cancelText: "暂不升级",
    onOk: () => {
      upgradeBoxOpen = false;
      onUpgrade();
    },
    onCancel: () => {
      upgradeBoxOpen = false;
    },
  });
}
