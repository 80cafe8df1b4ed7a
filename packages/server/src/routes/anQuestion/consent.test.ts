import { type AnswerDetail, messages, type QuestionarySettings, ResultCode } from "@wjgj/core";
import type { PublicSettings } from "@wjgj/core/pages/answer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew, satisfactionSurvey, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

/**
 * 同意隐私政策 (issue #36): a questionnaire that asks for consent refuses a submission without it (or agreeing to
 * words since changed) with a Chinese message, keeps the version agreed to with the response, and shows the
 * owner the words that were agreed to. The version is the server's: raised when the consent is switched on or
 * its words change, whatever a client sends.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishNew(t, owner, {
    kind: "survey",
    title: "隐私同意",
    definition: satisfactionSurvey("隐私同意"),
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const setSettings = (settings: Record<string, unknown>) =>
  call<QuestionarySettings>(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id: q.id, settings },
  });

const opened = () => openAnswering<{ settings: PublicSettings }>(t, q.publicId);

describe("同意隐私政策", () => {
  it("is off by default: nothing asked, nothing kept", async () => {
    const open = await opened();
    expect(open.settings.privacyConsent).toBeNull();
    const sent = await submitWithToken(t, q.publicId, open.revisionId, { rate: { optionId: "yes" } });
    expect(sent.body.msg).toBe(messages.answerSubmitted);
    const row = await t.db
      .selectFrom("responses")
      .select("consentVersion")
      .where("id", "=", sent.body.data.responseId)
      .executeTakeFirstOrThrow();
    expect(row.consentVersion).toBeNull();
  });

  it("once switched on, refuses a submission without consent or agreeing to changed words", async () => {
    const on = await setSettings({
      privacyConsent: { required: true, text: "仅用于统计。", policyUrl: "" },
      privacyConsentVersion: 99,
    });
    expect(on.body.data.privacyConsentVersion).toBe(1);
    const open = await opened();
    expect(open.settings.privacyConsent).toEqual({
      version: 1,
      text: "仅用于统计。",
      policyUrl: "/Agreement?tab=privacy",
    });
    const answers = { rate: { optionId: "no" } };
    const missing = await submitWithToken(t, q.publicId, open.revisionId, answers);
    expect(missing.body.code).toBe(ResultCode.invalidInput);
    expect(missing.body.msg).toBe(messages.answerConsentRequired);

    const agreed = await submitWithToken(t, q.publicId, open.revisionId, answers, { consentVersion: 1 });
    expect(agreed.body.msg).toBe(messages.answerSubmitted);

    // The same words saved again keep the version; new words raise it, and the old agreement no longer does.
    expect(
      (await setSettings({ privacyConsent: { required: true, text: "仅用于统计。" } })).body.data
        .privacyConsentVersion,
    ).toBe(1);
    const changed = await setSettings({
      privacyConsent: {
        required: true,
        text: "仅用于统计，不会提供给第三方。",
        policyUrl: "https://example.com/privacy",
      },
    });
    expect(changed.body.data.privacyConsentVersion).toBe(2);
    const stale = await submitWithToken(t, q.publicId, open.revisionId, answers, { consentVersion: 1 });
    expect(stale.body.msg).toBe(messages.answerConsentChanged);
    const again = await submitWithToken(t, q.publicId, open.revisionId, answers, { consentVersion: 2 });
    expect(again.body.msg).toBe(messages.answerSubmitted);

    // The owner sees, on each response, the words its respondent agreed to.
    const detail = (responseId: number) =>
      call<AnswerDetail>(t.app, "POST", "answer/getAnswerDetail", {
        token: owner.token,
        json: { id: q.id, responseId },
      });
    expect((await detail(agreed.body.data.responseId)).body.data.consent).toEqual({
      version: 1,
      text: "仅用于统计。",
      policyUrl: "",
    });
    expect((await detail(again.body.data.responseId)).body.data.consent).toEqual({
      version: 2,
      text: "仅用于统计，不会提供给第三方。",
      policyUrl: "https://example.com/privacy",
    });

    // Switched off, submissions need nothing again.
    await setSettings({ privacyConsent: { required: false, text: "仅用于统计。" } });
    expect((await opened()).settings.privacyConsent).toBeNull();
    expect((await submitWithToken(t, q.publicId, open.revisionId, answers)).body.msg).toBe(
      messages.answerSubmitted,
    );
    // On again with the switch alone: the words written before stay, as a new version.
    const back = await setSettings({ privacyConsent: { required: true } });
    expect(back.body.data.privacyConsentVersion).toBe(3);
    expect(back.body.data.privacyConsent).toEqual({
      required: true,
      text: "仅用于统计。",
      policyUrl: "https://example.com/privacy",
    });
  });

  it("refuses consent words over 1000 characters and a link that is not one, in Chinese", async () => {
    const long = await setSettings({ privacyConsent: { required: true, text: "长".repeat(1001) } });
    expect(long.body.code).toBe(ResultCode.invalidInput);
    expect(long.body.msg).toContain("隐私说明最多1000个字");
    const link = await setSettings({ privacyConsent: { required: true, policyUrl: "javascript:alert(1)" } });
    expect(link.body.code).toBe(ResultCode.invalidInput);
    expect(link.body.msg).toContain("地址需以");
  });
});
