import { describe, expect, it } from "vitest";
import { displayName, vipBadge, vipExpiryText } from "./vip.ts";

describe("vipBadge", () => {
  it("gives each level its own badge", () => {
    expect([0, 1, 2, 3].map((level) => vipBadge(level).label)).toEqual([
      "个人版",
      "黄金会员",
      "铂金会员",
      "钻石会员",
    ]);
    expect(new Set([0, 1, 2, 3].map((level) => vipBadge(level).to)).size).toBe(4);
  });

  it("falls back to the personal badge for an unknown level", () => {
    expect(vipBadge(9).label).toBe("个人版");
  });
});

describe("vipExpiryText", () => {
  it("shows the date part followed by 到期 for paid levels", () => {
    expect(vipExpiryText({ vipLevel: 2, vipStopTime: "2027-11-22 10:20:30" })).toBe("2027-11-22到期");
    expect(vipExpiryText({ vipLevel: 3, vipStopTime: "2027-11-22T10:20:30Z" })).toBe("2027-11-22到期");
  });

  it("shows nothing for level 0 or an empty stop time", () => {
    expect(vipExpiryText({ vipLevel: 0, vipStopTime: "2027-11-22 10:20:30" })).toBeNull();
    expect(vipExpiryText({ vipLevel: 1, vipStopTime: "" })).toBeNull();
  });
});

describe("displayName", () => {
  it("prefers the phone, else the nickname", () => {
    expect(displayName({ phone: "13900000001", nickName: "小王" })).toBe("13900000001");
    expect(displayName({ phone: "", nickName: "小王" })).toBe("小王");
  });
});
