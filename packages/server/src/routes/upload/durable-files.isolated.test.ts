import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { answerTokenKeyPath } from "../../commands/answering/answer-token.ts";
import { writeFileDurably } from "../../durable-write.ts";

// The real helper, watched: every file the server must not lose is written by it.
vi.mock("../../durable-write.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../durable-write.ts")>();
  return { ...real, writeFileDurably: vi.fn(real.writeFileDurably) };
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const definition = {
  schemaVersion: 1,
  kind: "form",
  title: "材料提交",
  pages: [
    {
      id: "p1",
      questions: [{ id: "photo", type: "file", title: "证件照", config: { accept: ["png"], maxSizeMb: 1 } }],
    },
  ],
};

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  vi.mocked(writeFileDurably).mockClear();
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const targets = () => vi.mocked(writeFileDurably).mock.calls.map(([target]) => target);

describe("files the server must not lose", () => {
  it("the answer-token key is created through the durable-write helper at start", () => {
    expect(targets()).toContain(answerTokenKeyPath(t.config));
  });

  it("an upload is written through the durable-write helper before it is acknowledged", async () => {
    const q = await buildQuestionnaire(t, owner, { kind: "form", title: "材料提交", definition });
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const open = await call<{ answerToken: string }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: q.publicId },
    });
    const boundary = "----wjgjDurable";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        field("publicId", q.publicId) +
          field("questionId", "photo") +
          field("answerToken", open.body.data.answerToken) +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/wjgj/api/upload/upload",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const body = res.json() as { code: number; data: { path: string } };
    expect(body.code).toBe(200);
    expect(targets()).toContain(path.join(t.config.dataDir, "uploads", body.data.path));
  });
});
