import { afterEach, describe, expect, it, vi } from "vitest";
import { useNavStore } from "./nav-store.ts";

afterEach(() => vi.restoreAllMocks());

describe("useNavStore", () => {
  it("accepts well-typed values", () => {
    const store = useNavStore.getState();
    store.setPhoneMenuActive(true);
    store.setActiveNav("/website/free");
    store.setCarouselIndex(2);
    store.setHelpMenuVisible(true);
    expect(useNavStore.getState()).toMatchObject({
      phoneMenuActive: true,
      activeNav: "/website/free",
      carouselIndex: 2,
      helpMenuVisible: true,
    });
  });

  it("keeps the previous value and logs in Chinese when a value has the wrong type", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = useNavStore.getState();
    store.setPhoneMenuActive(false);
    store.setPhoneMenuActive("yes");
    store.setCarouselIndex("1");
    expect(useNavStore.getState().phoneMenuActive).toBe(false);
    expect(useNavStore.getState().carouselIndex).toBe(2);
    expect(error).toHaveBeenCalledWith("导航菜单状态必须为布尔值，收到：", "yes");
    expect(error).toHaveBeenCalledWith("轮播图索引必须为数字，收到：", "1");
  });
});
