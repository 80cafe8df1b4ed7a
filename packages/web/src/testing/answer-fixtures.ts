import type { PublicSettings } from "@wjgj/core/pages/answer";

/** The answer page's settings as getQuestionary sends them for a plain questionnaire; tests change a few. */
export function publicSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    progressBar: true,
    themeColor: "#2f6bff",
    headerImage: "",
    thankYouText: "",
    redirectUrl: "",
    redirectSeconds: 3,
    showResultsAfterSubmit: false,
    tabSwitchLimit: 0,
    endTime: "",
    coverPage: false,
    privacyConsent: null,
    ...overrides,
  };
}
