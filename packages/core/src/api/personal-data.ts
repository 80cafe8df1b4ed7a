import type { SurveyDefinition } from "../survey/definition/definition.ts";

/**
 * Personal data, as teams hide it from a 数据查看 member marked so: the respondent's IP address and the
 * answers that identify a person — 个人信息 questions asking for a name, phone, e-mail, ID card, student or
 * employee number, 单行文本 in a phone, landline, e-mail, ID-card or QQ format, and 签名. Demographics
 * 文件上传 marked 敏感文件 is personal too (an ID-card photo). Demographics (性别, 年龄, 民族, 部门) stay: they
 * are what results are for.
 */
const identifyingPresets = new Set(["name", "mobile", "email", "idCard", "studentId", "employeeId"]);
const identifyingFormats = new Set(["mobile", "landline", "email", "idCard", "qq"]);

export function isPersonalDataQuestion(question: { type: string; config: unknown }): boolean {
  const config = (question.config ?? {}) as { preset?: unknown; format?: unknown; sensitive?: unknown };
  switch (question.type) {
    case "file":
      return config.sensitive === true;
    case "personal":
      return identifyingPresets.has(String(config.preset));
    case "text":
      return identifyingFormats.has(String(config.format));
    case "signature":
      return true;
    default:
      return false;
  }
}

/** A question that asks for a mobile phone number (个人信息 · 手机, or 单行文本 in the mobile format). */
export function isPhoneQuestion(question: { type: string; config: unknown }): boolean {
  const config = (question.config ?? {}) as { preset?: unknown; format?: unknown };
  return (
    (question.type === "personal" && config.preset === "mobile") ||
    (question.type === "text" && config.format === "mobile")
  );
}

/** The ids of a definition's personal-data questions. */
export function personalQuestionIds(definition: SurveyDefinition): Set<string> {
  return new Set(
    definition.pages
      .flatMap((page) => page.questions)
      .filter(isPersonalDataQuestion)
      .map((question) => question.id),
  );
}

/** The definition without its personal-data questions: every result built on it leaves them out. */
export function withoutPersonalData(definition: SurveyDefinition): SurveyDefinition {
  const hidden = personalQuestionIds(definition);
  if (hidden.size === 0) return definition;
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      questions: page.questions.filter((question) => !hidden.has(question.id)),
    })),
  };
}

/** An answers (or labels) object without the hidden questions' entries. */
export function withoutKeys<T>(record: Record<string, T>, hidden: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !hidden.has(key)));
}

/** An IP address as lists and exports show it by default: 10.9.*.*, or the first two groups of an IPv6 one. */
export function maskIp(ip: string): string {
  if (ip === "") return "";
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  const groups = ip.split(":");
  return groups.length > 2 ? `${groups.slice(0, 2).join(":")}:*` : "*";
}

const stars = (count: number) => "*".repeat(Math.max(1, count));

/**
 * A personal value as lists and the response viewer show it until someone entitled reveals it (查看完整信息):
 * 138****5678, 张*, 110***********1234, z***@example.com; other identifiers keep their last four characters;
 * a signature (an image address) and a 敏感文件 are not shown at all.
 * Works on characters, so a name in any script masks the same way.
 */
export function maskPersonalValue(question: { type: string; config: unknown }, value: string): string {
  if (question.type === "signature") return "（签名已隐藏）";
  if (question.type === "file") return "（文件已隐藏）";
  const chars = [...value.trim()];
  if (chars.length === 0) return "";
  const config = (question.config ?? {}) as { preset?: unknown; format?: unknown };
  const kind = question.type === "personal" ? String(config.preset) : String(config.format);
  const keep = (head: number, tail: number) =>
    chars.length <= head + tail
      ? `${chars[0]}${stars(chars.length - 1)}`
      : `${chars.slice(0, head).join("")}${stars(chars.length - head - tail)}${chars.slice(chars.length - tail).join("")}`;
  switch (kind) {
    case "name":
      return `${chars[0]}${stars(chars.length - 1)}`;
    case "mobile":
      return keep(3, 4);
    case "idCard":
      return keep(3, 4);
    case "email": {
      const at = value.lastIndexOf("@");
      return at > 0 ? `${[...value][0]}***${value.slice(at)}` : keep(1, 0);
    }
    default:
      return keep(0, 4);
  }
}

/**
 * 隐私说明 template for 同意隐私政策 (issue #36): the notice a publisher starts from (问卷设置 shows it as the
 * placeholder; the site's 帮助中心 carries it as an article). What it promises is what the product does.
 */
export const PRIVACY_NOTICE_TEMPLATE =
  "本问卷由【发布方名称】发布，用于【收集目的，如：活动报名与联系】。我们将收集您填写的姓名、手机号等信息，" +
  "仅用于上述目的，不会提供给第三方。个人信息加密保存，我们的工作人员查看时默认脱敏显示；" +
  "收集结束后【N】天内删除或去除个人信息。提交后您可通过回执链接或手机验证码查看、下载本人答卷，" +
  "并可申请删除。如有疑问，请联系【联系方式】。";

/**
 * 站点设置 · 个人信息加密 (admin console): how personal data is protected at rest on this installation and how
 * far a data-key rotation has got. Key ids are fingerprints, never keys.
 */
export interface EncryptionStatus {
  enabled: boolean;
  /** `m` + 12 hex characters: which master key wraps the data keys. */
  masterKeyId: string;
  /** Where it was read from: 环境变量 MASTER_KEY or the key file under DATA_DIR. */
  masterKeySource: string;
  /** The previous master key of a rotation still configured (MASTER_KEY_PREVIOUS), or "". */
  previousMasterKeyId: string;
  /** Questionnaires with a data key, and when the oldest of their current keys was made ("" when none). */
  questionnaires: number;
  oldestKeyAt: string;
  /** When a data key last replaced an older one ("" when never). */
  lastRotatedAt: string;
  /** Responses written before encryption, waiting for the background sealing pass. */
  unsealedResponses: number;
  sealedFiles: number;
  /** Re-encryption in progress: questionnaires still to start, runs underway and their responses done / total. */
  rotation: { queued: boolean; running: number; done: number; total: number };
}
