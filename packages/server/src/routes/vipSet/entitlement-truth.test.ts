import { type EntitlementKey, entitlementRows, resolveEntitlements } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew } from "../../../test/answering.ts";
import { type BuiltUser, buildMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { entitlementsOf } from "../../commands/money/membership.ts";
import { seedSiteContent } from "../../seed/site-content.ts";

/**
 * Issue #33: /website/version said 交叉分析 was 不支持 for 黄金会员 and left it out for 个人版, while a 个人版
 * account used it. The pricing page is built from core's entitlement table (entitlementRows over
 * resolveEntitlements of the published levels); here every row of every level is checked against what the
 * server does for an account of that level.
 */

type VipSet = { level: number; limits: Record<string, unknown> };

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedSiteContent(t.db, t.clock, 1);
  // A level sold without any of the features, so that 不支持 is checked against a refusal too.
  await buildMember(t, 4, {
    crossAnalysis: false,
    customRedirect: false,
    removeBrand: false,
    exportAttachments: false,
    teamMembers: 1,
  });
});
afterAll(async () => {
  await t.close();
});

const survey = {
  schemaVersion: 1,
  kind: "survey",
  title: "满意度",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "a",
          type: "single",
          title: "性别",
          config: {
            options: [
              { id: "m", label: "男" },
              { id: "f", label: "女" },
            ],
          },
        },
        {
          id: "b",
          type: "single",
          title: "满意",
          config: {
            options: [
              { id: "y", label: "是" },
              { id: "n", label: "否" },
            ],
          },
        },
      ],
    },
  ],
};

/** Whether the server lets an account of the level use a feature: the call it makes, answered 200 or 402. */
async function featureAllowed(owner: BuiltUser, key: EntitlementKey): Promise<boolean> {
  const q = await publishNew(t, owner, { definition: survey });
  const by = { token: owner.token };
  const res =
    key === "crossAnalysis"
      ? await call(t.app, "POST", "statistics/getCrossAnalysis", {
          ...by,
          json: { id: q.id, rowQuestionIds: ["a"], columnQuestionId: "b" },
        })
      : key === "exportAttachments"
        ? await call(t.app, "POST", "export/createExport", {
            ...by,
            json: { questionnaireId: q.id, kind: "zip" },
          })
        : await call(t.app, "POST", "questionary/updateQuestionarySet", {
            ...by,
            json: {
              id: q.id,
              settings:
                key === "customRedirect" ? { redirectUrl: "https://example.com/ok" } : { hideBrand: true },
            },
          });
  // A zip of responses without files is refused later by the job, not here: 200 means the level allows it.
  expect([200, 402], `${key}: ${res.body.msg}`).toContain(res.body.code);
  return res.body.code === 200;
}

/** Members a team of the level's account takes before the next invitation is refused (stops past 12). */
async function teamRoom(owner: BuiltUser): Promise<number> {
  const q = await publishNew(t, owner, { definition: survey });
  for (let joined = 0; joined <= 12; joined += 1) {
    const member = await buildUser(t);
    const invited = await call<{ code: string }>(t.app, "POST", "queationaryTeam/addTeamUser", {
      token: owner.token,
      params: { id: q.id, kind: "phone", role: "viewer", phone: member.user.phone ?? "" },
    });
    if (invited.body.code === 402) return joined;
    expect(invited.body.code, invited.body.msg).toBe(200);
    const agreed = await call(t.app, "POST", "queationaryTeam/agreeTeam", {
      token: member.token,
      params: { code: invited.body.data.code },
    });
    expect(agreed.body.code, agreed.body.msg).toBe(200);
  }
  return -1;
}

describe("版本价格 promises what the server does", () => {
  it.each([0, 1, 2, 3, 4])("level %i: every row of its card", async (level) => {
    const sets = (await call<VipSet[]>(t.app, "GET", "vipSet/getVipSetList")).body.data;
    const own = sets.find((set) => set.level === level);
    if (level > 0 && level < 4) expect(own, `published level ${level}`).toBeDefined();
    const levelLimits =
      level === 4
        ? {
            crossAnalysis: false,
            customRedirect: false,
            removeBrand: false,
            exportAttachments: false,
            teamMembers: 1,
          }
        : own?.limits;
    const card = entitlementRows(
      resolveEntitlements(level, sets.find((set) => set.level === 0)?.limits, levelLimits),
    );

    const owner = await buildUser(t, {
      vipLevel: level,
      vipStopTime: level === 0 ? null : new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    // The limits the server enforces for this account are the card's, row by row.
    expect(entitlementRows(await entitlementsOf(t.db, owner.user, t.clock.now()))).toEqual(card);
    for (const row of card) {
      if (row.key === "teamMembers") {
        const limit = row.value === "不限" ? -1 : Number.parseInt(row.value, 10);
        expect(await teamRoom(owner), `${row.label}：${row.value}`).toBe(limit > 12 ? -1 : limit);
      } else if (["crossAnalysis", "exportAttachments", "customRedirect", "removeBrand"].includes(row.key)) {
        expect(await featureAllowed(owner, row.key), `${row.label}：${row.value}`).toBe(row.included);
      }
    }
  });
});
