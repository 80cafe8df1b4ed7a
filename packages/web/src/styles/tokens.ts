/**
 * The design tokens of the logged-in area and the admin console (issue #21). global.css repeats the
 * colours as CSS variables for hand-written styles; tokens.test.ts keeps the two identical and checks every
 * text colour against the backgrounds it is drawn on (WCAG 2.2 AA: 4.5:1 for text).
 */
export const colors = {
  /** The brand blue: #2f6bff (4.49:1 on white) darkened just enough to keep 4.5:1 on the light blue
   * tints antd puts behind selected menu items and tags as well as on white; the respondent page uses the
   * same shade (answer.css). */
  primary: "#2b62eb",
  text: "#1f2a3d",
  textSecondary: "#5a6577",
  /** Helper, hint, empty-state and placeholder text (was #8a94a6 and antd's 45 % black, about 3:1). */
  textTertiary: "#676e7c",
  success: "#237804",
  warning: "#97690c",
  error: "#c93d3e",
  border: "#e8ecf3",
  /** The console's page background. */
  pageBackground: "#f4f6fa",
} as const;

/**
 * The antd theme of ConfigProvider (app.tsx); antd derives hover, active and tint colours from these.
 * `zeroRuntime`: antd declares these tokens as CSS variables and generates no component styles in the browser; its
 * prebuilt antd.css (imported first by main.tsx) draws every component from those variables. Generating, hashing and
 * inserting each component's styles on every page load was a third of a console page's script time (12-06: 36 page
 * loads, script 11.5–12.0 s → 7.4–7.9 s), and each re-render merged tokens again. The cost is one stylesheet,
 * 76 kB with brotli, cached for good (its name carries its hash). Component-level tokens (`components: {…}`) would
 * need CSS variables of their own in this mode: the theme sets global tokens only.
 */
export const antdTheme = {
  zeroRuntime: true,
  token: {
    colorPrimary: colors.primary,
    colorInfo: colors.primary,
    colorLink: colors.primary,
    colorSuccess: colors.success,
    colorWarning: colors.warning,
    colorError: colors.error,
    // antd would derive the status tints from the darker seeds above as dull greys (#bcc7b3 behind
    // 已发布); its own light tints are kept, and the text on them still reads at 4.5:1.
    colorSuccessBg: "#f6ffed",
    colorSuccessBorder: "#b7eb8f",
    colorWarningBg: "#fffbe6",
    colorWarningBorder: "#ffe58f",
    colorErrorBg: "#fff2f0",
    colorErrorBorder: "#ffccc7",
    colorTextTertiary: colors.textTertiary,
    colorTextDescription: colors.textTertiary,
    colorTextPlaceholder: colors.textTertiary,
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "Helvetica Neue", Arial, sans-serif',
  },
};
