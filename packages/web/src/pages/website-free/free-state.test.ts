import { describe, expect, it } from "vitest";
import { pagerItems } from "./free-pager.tsx";
import {
  freeCanonical,
  freeHeading,
  freeHref,
  freeQuery,
  parseFreeState,
  parseTemplateId,
} from "./free-state.ts";

const parse = (query: string) => parseFreeState(new URLSearchParams(query));

describe("the free-templates gallery's address", () => {
  it("reads every filter and writes it back as the same address", () => {
    const address = "kind=exam&category=exam-2&profession=3&keyword=%E6%B6%88%E9%98%B2&sort=new&page=2";
    const state = parse(address);
    expect(state).toEqual({
      kind: "exam",
      category: "exam-2",
      profession: 3,
      keyword: "消防",
      sort: "new",
      page: 2,
    });
    expect(freeHref(state)).toBe(`/website/free?${address}`);
    expect(freeQuery(state)).toEqual({
      pageNum: 2,
      pageSize: 12,
      sort: "new",
      keyword: "消防",
      kind: "exam",
      categoryId: "exam-2",
      professionId: 3,
    });
  });

  it("drops what it does not know: other kinds, a scene of another kind, bad numbers", () => {
    expect(freeHref(parse("kind=nope&category=exam-2&profession=0&page=-1&sort=x"))).toBe("/website/free");
    expect(parse("kind=vote&category=exam-2").category).toBeUndefined();
    expect(parse("profession=1e3&page=2.5")).toMatchObject({ profession: undefined, page: 1 });
    expect(parse(`keyword=${"长".repeat(80)}`).keyword).toHaveLength(50);
  });

  it("keeps search words and order out of the canonical address", () => {
    expect(freeCanonical(parse("kind=form&keyword=报名&sort=new&page=3"))).toBe(
      "/website/free?kind=form&page=3",
    );
  });

  it("names the page after its kind, scene and profession", () => {
    expect(freeHeading(parse(""), undefined)).toBe("免费模板");
    expect(freeHeading(parse("kind=exam"), undefined)).toBe("在线考试模板");
    expect(freeHeading(parse("kind=exam&category=exam-1"), "教育")).toBe("教育 · 学校考试模板");
  });

  it("takes only digits as a template id", () => {
    expect(parseTemplateId("12")).toBe(12);
    for (const raw of ["0", "-1", "1.5", "abc", "12abc", undefined]) expect(parseTemplateId(raw)).toBeNull();
  });
});

describe("pagerItems", () => {
  it("shows the ends and two pages either side, with gaps", () => {
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, "gap", 10]);
  });
});
