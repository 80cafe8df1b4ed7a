import { ConflictError } from "../../errors.ts";
import {
  presentAdminBanner,
  presentAdminMenuEntry,
  presentAdminVipSet,
} from "../../presenters/site-content.ts";
import type { BannerSave, MenuSave, VipSetSave } from "../../routes/admin/content-schema.ts";
import type { RecordKind } from "../admin/records.ts";

/** The site's furniture: carousel banners, menu entries and the membership levels on the pricing page. */

export const bannerKind: RecordKind<"banners", BannerSave, ReturnType<typeof presentAdminBanner>> = {
  entity: "banner",
  table: "banners",
  async toRow(_trx, input) {
    return {
      title: input.title,
      subtitle: input.subtitle,
      image: input.image,
      link: input.link,
      sort: input.sort,
      status: input.status,
    };
  },
  present: presentAdminBanner,
};

export const menuKind: RecordKind<"nav_entries", MenuSave, ReturnType<typeof presentAdminMenuEntry>> = {
  entity: "menu",
  table: "nav_entries",
  async toRow(_trx, input) {
    return { name: input.name, path: input.path, sort: input.sort, visible: input.visible ? 1 : 0 };
  },
  present: presentAdminMenuEntry,
};

export const vipSetKind: RecordKind<"vip_sets", VipSetSave, ReturnType<typeof presentAdminVipSet>> = {
  entity: "vipSet",
  table: "vip_sets",
  async toRow(trx, input, { before }) {
    const clash = await trx
      .selectFrom("vip_sets")
      .select("id")
      .where("level", "=", input.level)
      .where("id", "!=", before?.id ?? 0)
      .executeTakeFirst();
    if (clash) throw new ConflictError("vipLevelTaken");
    return {
      level: input.level,
      name: input.name,
      badge: input.badge,
      priceMonthFen: input.priceMonthFen,
      priceYearFen: input.priceYearFen,
      limits: JSON.stringify(input.limits),
      description: input.description,
      sort: input.sort,
      status: input.status,
    };
  },
  present: presentAdminVipSet,
};
