import { useQuery } from "@tanstack/react-query";
import type {
  EncryptionStatus,
  FooterInfo,
  QuestionaryStatus,
  QuestionnaireKind,
  SampleRates,
  SpaceSettings,
  WeChatIntegrationStatus,
} from "@wjgj/core";
import { adminKeys } from "./admin.ts";
import { http } from "./request.ts";

/** Client of the console's site calls: questionnaires, friend links, leads, SMS, settings, audit log. */

export interface AdminQuestionnaire {
  id: number;
  publicId: string;
  kind: QuestionnaireKind;
  kindName: string;
  title: string;
  status: QuestionaryStatus;
  statusName: string;
  responseCount: number;
  questionCount: number;
  owner: { id: number; phone: string; nickName: string };
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  /** "" unless it sits in its owner's recycle bin. */
  deletedAt: string;
  takenDown: boolean;
  takenDownAt: string;
  takenDownReason: string;
}

export interface AdminFriendLink {
  id: number;
  name: string;
  url: string;
  contact: string;
  status: "pending" | "approved" | "rejected";
  ip: string;
  createdAt: string;
  reviewedAt: string;
}

export interface AdminLead {
  id: number;
  kind: "service" | "contact";
  name: string;
  phone: string;
  company: string;
  email: string;
  content: string;
  status: "new" | "handled";
  ip: string;
  createdAt: string;
  handledAt: string;
}

export interface SmsMessage {
  id: number;
  phone: string;
  purpose: string;
  content: string;
  code: string | null;
  provider: string;
  createdAt: string;
}

export interface AuditLog {
  id: number;
  adminId: number;
  adminName: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface ContactSettings {
  address: string;
  phone: string;
  email: string;
  workTime: string;
}

export type SmsProvider = "console" | "aliyun" | "tencent";

export interface SmsSettings {
  provider: SmsProvider;
  signName: string;
  templateCode: string;
  accessKeyId: string;
  /** "已设置" when a secret is stored, "" otherwise; the secret itself never comes back. */
  accessKeySecret: string;
}

export interface SiteSettings {
  footer: FooterInfo;
  logo: string;
  contact: ContactSettings;
  www: { redirectEnabled: boolean; note: string };
  sms: SmsSettings;
}

/** What `admin/settings/save` takes: any section, each only with the fields that change. */
export interface SettingsSaveInput {
  footer?: Partial<FooterInfo>;
  logo?: string;
  contact?: Partial<ContactSettings>;
  wwwNote?: string;
  sms?: Partial<Omit<SmsSettings, "accessKeySecret">> & {
    accessKeySecret?: string;
    clearAccessKeySecret?: boolean;
  };
}

export const adminSiteApi = {
  takeDown: (id: number, reason: string) =>
    http.post<AdminQuestionnaire>("admin/questionnaire/takeDown", { id, reason }),
  restore: (id: number) => http.post<AdminQuestionnaire>("admin/questionnaire/restore", { id }),
  reviewFriendLink: (id: number, decision: "approve" | "reject") =>
    http.post<AdminFriendLink>("admin/friendLink/review", { id, decision }),
  handleLead: (id: number) => http.post<AdminLead>("admin/lead/handle", { id }),
  getSettings: () => http.get<SiteSettings>("admin/settings/get"),
  saveSettings: (input: SettingsSaveInput) => http.postJson<SiteSettings>("admin/settings/save", input),
  getSampleRates: () => http.get<SampleRates>("admin/sampleOrder/getRates"),
  saveSampleRates: (rates: SampleRates) => http.postJson<SampleRates>("admin/sampleOrder/saveRates", rates),
  getSpaceRules: () => http.get<SpaceSettings>("admin/space/getRules"),
  saveSpaceRules: (rules: SpaceSettings) => http.postJson<SpaceSettings>("admin/space/saveRules", rules),
  getEncryption: () => http.get<EncryptionStatus>("admin/security/getEncryption"),
  rotateDataKeys: () => http.postJson<EncryptionStatus>("admin/security/rotateDataKeys", {}),
  getWeChat: () => http.get<WeChatIntegrationStatus>("admin/security/getWeChat"),
};

/** 微信接入: which WeChat applications the environment configures (read-only). */
export function useWeChatIntegration() {
  return useQuery({ queryKey: [...adminKeys.all, "wechat"], queryFn: adminSiteApi.getWeChat });
}

export function useSiteSettings() {
  return useQuery({ queryKey: [...adminKeys.all, "settings"], queryFn: adminSiteApi.getSettings });
}

/** 样本服务价格: the rates every quote and order reads. */
export function useSampleRates() {
  return useQuery({ queryKey: [...adminKeys.all, "sampleRates"], queryFn: adminSiteApi.getSampleRates });
}

/** 互填积分规则: the answer space's earning and posting rules. */
export function useSpaceRules() {
  return useQuery({ queryKey: [...adminKeys.all, "spaceRules"], queryFn: adminSiteApi.getSpaceRules });
}

/** 个人信息加密: the keys' state, polled every 2 s while a rotation runs (its progress), not otherwise. */
export function useEncryptionStatus() {
  return useQuery({
    queryKey: [...adminKeys.all, "encryption"],
    queryFn: adminSiteApi.getEncryption,
    refetchInterval: (query) => {
      const rotation = query.state.data?.rotation;
      return rotation && (rotation.queued || rotation.running > 0) ? 2000 : false;
    },
  });
}
