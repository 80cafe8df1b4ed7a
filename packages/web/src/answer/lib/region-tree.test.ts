import { describe, expect, it } from "vitest";
import { type AreaList, areaChildren } from "./region-tree.ts";

const list: AreaList = {
  province_list: { "330000": "浙江省", "110000": "北京市" },
  city_list: { "330100": "杭州市", "330200": "宁波市", "110100": "北京市" },
  county_list: { "330106": "西湖区", "330102": "上城区", "330203": "海曙区", "110101": "东城区" },
};

describe("area levels", () => {
  it("lists provinces, then the cities of a province, then the districts of a city, by code", () => {
    expect(areaChildren(list, 0, undefined)).toEqual([
      { code: "110000", name: "北京市" },
      { code: "330000", name: "浙江省" },
    ]);
    expect(areaChildren(list, 1, "330000").map((c) => c.name)).toEqual(["杭州市", "宁波市"]);
    expect(areaChildren(list, 2, "330100").map((c) => c.name)).toEqual(["上城区", "西湖区"]);
    expect(areaChildren(list, 2, "110100").map((c) => c.code)).toEqual(["110101"]);
  });
});
