import { type FooterInfo, messages } from "@wjgj/core";
import { z } from "zod";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import type { SettingsSave } from "../../routes/admin/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { footerDefaults, readFooterInfo, readSetting, writeSetting } from "./settings-store.ts";

/**
 * Site settings beyond the footer: logo, contact details, the www note and the SMS provider's account.
 * Each section is one JSON row of `settings`. Secrets are write-only: stored, never answered.
 */

export interface ContactInfo {
  address: string;
  phone: string;
  email: string;
  workTime: string;
}

export interface SmsSettings {
  provider: "console" | "aliyun" | "tencent";
  signName: string;
  templateCode: string;
  accessKeyId: string;
  accessKeySecret: string;
}

const contactDefaults: ContactInfo = {
  address: "",
  phone: footerDefaults.sitePhone,
  email: footerDefaults.siteMail,
  workTime: "周一至周五 9:00-18:00",
};
const siteDefaults = { logo: "/favicon.svg" };
const wwwDefaults = { note: "" };
const smsDefaults: SmsSettings = {
  provider: "console",
  signName: "问卷管家",
  templateCode: "",
  accessKeyId: "",
  accessKeySecret: "",
};

const contactSchema = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  workTime: z.string(),
});
const smsSchema = z.object({
  provider: z.enum(["console", "aliyun", "tencent"]),
  signName: z.string(),
  templateCode: z.string(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
});

interface StoredSettings {
  footer: FooterInfo;
  site: { logo: string };
  contact: ContactInfo;
  www: { note: string };
  sms: SmsSettings;
}

async function readAll(db: Db | Trx): Promise<StoredSettings> {
  const [footer, site, contact, www, sms] = await Promise.all([
    readFooterInfo(db),
    readSetting(db, "site", z.object({ logo: z.string() }).partial(), siteDefaults),
    readSetting(db, "contact", contactSchema.partial(), contactDefaults),
    readSetting(db, "www", z.object({ note: z.string() }).partial(), wwwDefaults),
    readSetting(db, "sms", smsSchema.partial(), smsDefaults),
  ]);
  return { footer, site, contact, www, sms };
}

/** The settings as the admin console sees them; a stored secret shows only as 已设置. */
function view(stored: StoredSettings, wwwRedirectEnabled: boolean) {
  const { accessKeySecret, ...sms } = stored.sms;
  return {
    footer: stored.footer,
    logo: stored.site.logo,
    contact: stored.contact,
    // The redirect itself is the WWW_REDIRECT variable (it must work before the database is read).
    www: { redirectEnabled: wwwRedirectEnabled, note: stored.www.note },
    sms: { ...sms, accessKeySecret: accessKeySecret ? messages.secretMasked : "" },
  };
}

export type SiteSettingsView = ReturnType<typeof view>;

export async function readSiteSettings(ctx: AppContext): Promise<SiteSettingsView> {
  return view(await readAll(ctx.db), ctx.config.wwwRedirect);
}

/** `navigation/getLogo`. */
export async function readLogo(db: Db): Promise<{ logo: string; siteName: string }> {
  const [site, footer] = await Promise.all([
    readSetting(db, "site", z.object({ logo: z.string() }).partial(), siteDefaults),
    readFooterInfo(db),
  ]);
  // A cleared logo means the product's own mark again.
  return { logo: site.logo || siteDefaults.logo, siteName: footer.siteName };
}

export function readContactInfo(db: Db): Promise<ContactInfo> {
  return readSetting(db, "contact", contactSchema.partial(), contactDefaults);
}

/** Where each stored section appears in the console's view. */
const viewSection = { footer: "footer", site: "logo", contact: "contact", www: "www", sms: "sms" } as const;

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** `patch` over `base`, where a field left out (or undefined) keeps the stored value. */
function merge<T extends object>(base: T, patch: Partial<T>): T {
  const defined = Object.entries(patch).filter(([, value]) => value !== undefined);
  return { ...base, ...Object.fromEntries(defined) };
}

/** A new secret replaces the stored one; absent, empty or the mask itself keeps it; `clear…` removes it. */
function nextSecret(stored: string, typed: string | undefined, clear: boolean | undefined): string {
  if (clear) return "";
  if (!typed || typed === messages.secretMasked) return stored;
  return typed;
}

/** Saves the sections present in `input` (each merged over what is stored), audited with secrets masked. */
export async function saveSiteSettings(
  ctx: AppContext,
  adminId: number,
  input: SettingsSave,
): Promise<SiteSettingsView> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await readAll(trx);
    const after: StoredSettings = structuredClone(before);
    const changed: (keyof StoredSettings)[] = [];
    if (input.footer) {
      after.footer = merge(before.footer, input.footer);
      changed.push("footer");
    }
    if (input.logo !== undefined) {
      after.site = { logo: input.logo };
      changed.push("site");
    }
    if (input.contact) {
      after.contact = merge(before.contact, input.contact);
      changed.push("contact");
    }
    if (input.wwwNote !== undefined) {
      after.www = { note: input.wwwNote };
      changed.push("www");
    }
    if (input.sms) {
      const { accessKeySecret, clearAccessKeySecret, ...plain } = input.sms;
      after.sms = merge(before.sms, {
        ...plain,
        accessKeySecret: nextSecret(before.sms.accessKeySecret, accessKeySecret, clearAccessKeySecret),
      });
      changed.push("sms");
    }
    for (const key of changed) await writeSetting(trx, key, after[key], now);
    const shown = {
      before: view(before, ctx.config.wwwRedirect),
      after: view(after, ctx.config.wwwRedirect),
    };
    // The audit row holds only the sections that changed, as the console shows them (secrets masked).
    const sections = changed.map((key) => viewSection[key]);
    await recordAudit(trx, now, {
      adminId,
      action: "save",
      entity: "settings",
      entityId: sections.join(","),
      before: pick(shown.before, sections),
      // Both sides show a replaced secret as 已设置; say that it changed, never what it is.
      after: {
        ...pick(shown.after, sections),
        ...(after.sms.accessKeySecret !== before.sms.accessKeySecret ? { smsSecretChanged: true } : {}),
      },
    });
    return shown.after;
  });
}
