import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

/** A `width`×`height` PNG: red on the left half, blue on the right. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const left = x < width / 2;
      image.data[i] = left ? 255 : 0;
      image.data[i + 2] = left ? 0 : 255;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

async function upload(token: string, name: string, data: Buffer) {
  const boundary = "----avatar-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/user/uploadAvatar",
    headers: { token, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json() as { code: number; msg: string; data: { avatar: string; headImg: string } | null };
}

describe("user/uploadAvatar", () => {
  it("stores the centre square as a 256×256 JPEG in the upload storage and makes it the avatar", async () => {
    const { token } = await buildUser(t);
    const res = await upload(token, "me.png", png(900, 600));
    expect(res.code).toBe(200);
    expect(res.data?.avatar).toMatch(/^\/uploads\/avatars\/\d{4}-\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(res.data?.headImg).toBe(res.data?.avatar);

    const served = await t.app.inject({ method: "GET", url: res.data?.avatar ?? "" });
    expect(served.statusCode).toBe(200);
    const image = jpeg.decode(served.rawPayload);
    expect([image.width, image.height]).toEqual([256, 256]);
    // The centre square of a red|blue picture is still red on the left and blue on the right.
    const at = (x: number) => Array.from(image.data.subarray((128 * 256 + x) * 4, (128 * 256 + x) * 4 + 3));
    expect(at(10)[0]).toBeGreaterThan(200);
    expect(at(245)[2]).toBeGreaterThan(200);

    const info = await t.app.inject({ method: "GET", url: "/wjgj/api/user/getUserInfo", headers: { token } });
    expect(info.json()).toMatchObject({ data: { avatar: res.data?.avatar } });

    const second = await upload(token, "again.png", png(64, 64));
    expect(second.code).toBe(200);
    expect((await t.app.inject({ method: "GET", url: res.data?.avatar ?? "" })).statusCode).toBe(404);
  });

  it("refuses what is not a JPG or PNG picture, a damaged one and a huge one with a clear message", async () => {
    const { token } = await buildUser(t);
    const text = await upload(token, "me.png", Buffer.from("not a picture at all, just words"));
    expect(text).toMatchObject({ code: 400, msg: "头像需为 JPG 或 PNG 图片，且不超过5MB" });
    const gif = await upload(token, "me.gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"));
    expect(gif).toMatchObject({ code: 400, msg: "头像需为 JPG 或 PNG 图片，且不超过5MB" });
    const whole = png(32, 32);
    const cut = await upload(token, "me.png", whole.subarray(0, 40));
    expect(cut.code).toBe(400);
    // Cut inside its pixel data, or without its end: pngjs alone decoded such files from uncleared memory
    // now and then (CI saw one taken as an avatar).
    for (const damaged of [whole.subarray(0, whole.length - 30), whole.subarray(0, whole.length - 12)]) {
      const refused = await upload(token, "me.png", damaged);
      expect(refused).toMatchObject({ code: 400, msg: "文件已损坏或不完整，无法识别类型，请重新上传" });
    }
    const huge = Buffer.from(whole);
    huge.writeUInt32BE(5000, 16);
    expect(await upload(token, "me.png", huge)).toMatchObject({
      code: 400,
      msg: "头像图片尺寸过大，请选择不超过4096×4096像素的图片",
    });
    const info = await t.app.inject({ method: "GET", url: "/wjgj/api/user/getUserInfo", headers: { token } });
    expect(info.json()).toMatchObject({ data: { avatar: "" } });
  });
});
