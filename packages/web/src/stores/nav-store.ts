import { create } from "zustand";
import {
  checkActiveNav,
  checkCarouselIndex,
  checkHelpMenuFlag,
  checkPhoneMenuFlag,
} from "../lib/type-checks.ts";

/**
 * Navigation state of the public site (seed §3). Values come from DOM events and carousel callbacks, so
 * each setter checks the type (seed §8) and keeps the previous value when it is wrong.
 */
interface NavState {
  phoneMenuActive: boolean;
  activeNav: string;
  carouselIndex: number;
  helpMenuVisible: boolean;
  setPhoneMenuActive: (value: unknown) => void;
  setActiveNav: (value: unknown) => void;
  setCarouselIndex: (value: unknown) => void;
  setHelpMenuVisible: (value: unknown) => void;
}

export const useNavStore = create<NavState>()((set) => ({
  phoneMenuActive: false,
  activeNav: "/website/home",
  carouselIndex: 0,
  helpMenuVisible: false,
  setPhoneMenuActive: (value) => {
    if (checkPhoneMenuFlag(value)) set({ phoneMenuActive: value });
  },
  setActiveNav: (value) => {
    if (checkActiveNav(value)) set({ activeNav: value });
  },
  setCarouselIndex: (value) => {
    if (checkCarouselIndex(value)) set({ carouselIndex: value });
  },
  setHelpMenuVisible: (value) => {
    if (checkHelpMenuFlag(value)) set({ helpMenuVisible: value });
  },
}));
