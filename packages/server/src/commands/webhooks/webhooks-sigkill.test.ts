import type { WebhookWithSecret } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseQuestionnaire, satisfactionSurvey } from "../../../test/answering.ts";
import { buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { startServerProcess } from "../../../test/server-process.ts";
import {
  startReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from "../../../test/webhook-receiver.ts";
import { webhookDispatchOf } from "./worker.ts";

/**
 * A server killed outright (SIGKILL) while a webhook message is on its way loses no event: the message stays
 * pending, the dispatch job's lease lapses, and another instance sends it again with the same webhook-id.
 */
let t: TestContext;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestContext({ OUTBOUND_TEST_ALLOW: receiver.allowEntry, JOB_POLL_MS: "600000" });
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

describe("SIGKILL mid-delivery", () => {
  it("the message is sent again by another instance, with the same webhook-id, and delivered once", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner, {
      kind: "survey",
      title: "断电推送",
      definition: satisfactionSurvey("断电推送"),
    });
    const created = await call<WebhookWithSecret>(t.app, "POST", "webhook/create", {
      token: owner.token,
      json: { questionnaireId: q.id, url: receiver.url, events: ["response.created"] },
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const hook = created.body.data;
    await releaseQuestionnaire(t, owner, q.id);

    // The killed instance: its own process on the same database, holding the message when it dies.
    receiver.answer = () => "hang";
    const server = await startServerProcess({
      DATA_DIR: t.config.dataDir,
      WEB_DIST: t.config.webDist,
      TRUST_PROXY: "1",
      OUTBOUND_TEST_ALLOW: receiver.allowEntry,
      JOB_LEASE_MS: "1000",
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    });
    try {
      const opened = await fetch(`${server.url}/wjgj/api/anQuestion/getQuestionary?publicId=${q.publicId}`);
      const { data } = (await opened.json()) as { data: { revisionId: number; answerToken: string } };
      const submitted = await fetch(`${server.url}/wjgj/api/anQuestion/questionAnswer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          publicId: q.publicId,
          revisionId: data.revisionId,
          answerToken: data.answerToken,
          answers: { rate: { optionId: "yes" } },
          idempotencyKey: "sigkill-webhook-1",
          deviceId: "sigkill-webhook-device",
        }),
      });
      expect(((await submitted.json()) as { code: number }).code).toBe(200);
      // The killed instance's dispatcher has the message on the wire, the receiver holding it.
      await receiver.until(1);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    expect(server.child.signalCode).toBe("SIGKILL");
    const pending = await t.db.selectFrom("webhook_deliveries").selectAll().execute();
    expect(pending).toMatchObject([{ status: "pending", attempts: 0 }]);

    // This instance, once the dead one's lease has lapsed (the process ran on the real clock).
    receiver.release();
    receiver.answer = () => ({ status: 200, body: "ok" });
    t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000 + 10);
    await webhookDispatchOf(t.app).settle();

    expect(receiver.received).toHaveLength(2);
    const [cut, resent] = receiver.received;
    expect(resent?.id).toBe(cut?.id);
    expect(resent?.body).toBe(cut?.body);
    for (const message of receiver.received)
      expect(await verifyStandardWebhook(hook.secret, message)).toBe(true);
    // The attempt cut by the kill was never recorded: one attempt, delivered. (Read from the table: the clock
    // moved months ahead, past the owner's session.)
    const log = await t.db.selectFrom("webhook_deliveries").selectAll().execute();
    expect(log).toMatchObject([{ status: "delivered", attempts: 1, lastStatusCode: 200, eventId: cut?.id }]);
    expect(
      await t.db.selectFrom("jobs").selectAll().where("kind", "=", "webhook_dispatch").execute(),
    ).toEqual([]);
    // A whole server process starts here (tsx compiles the sources): more than the default 30 s on a busy machine.
  }, 240_000);
});
