import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { type ReactNode, useEffect } from "react";
import { RouterProvider } from "react-router";
import { registerFeedback } from "./api/feedback.ts";
import { watchAntdA11y } from "./lib/antd-a11y.ts";
import { ReducedMotion } from "./lib/reduced-motion.tsx";
import { LiveMark } from "./lib/use-hydrated.ts";
import type { createAppRouter } from "./router.tsx";
import { antdTheme } from "./styles/tokens.ts";

dayjs.locale("zh-cn");

/** The client every page shares; the website's server renderer makes one per request the same way. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request client already tells the user about failures; retrying would repeat toasts and boxes.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Hands antd's context-aware message and modal instances to the request client. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

// antd spaces out two-character button labels (登 录); the spec's button texts (退出, 取消, 确认) are exact.

/**
 * Everything around the router. The website's server renderer (src/website/ssr.tsx) wraps its static
 * router in the same providers, with a query client of its own per request, so hydration matches.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme} button={{ autoInsertSpace: false }}>
      <ReducedMotion>
        <AntApp>
          <FeedbackBridge />
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </AntApp>
      </ReducedMotion>
    </ConfigProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  useEffect(() => watchAntdA11y(document), []);
  return (
    <AppProviders client={queryClient}>
      <LiveMark />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
