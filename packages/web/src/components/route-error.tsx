import { CloseCircleFilled, InfoCircleFilled } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import "./route-error.css";

/**
 * What a browser says when a chunk of the app cannot be loaded: after a new release the old chunks are gone, or the
 * network dropped. Chrome, Firefox, Safari, and Vite's preload of a chunk's style sheet, in that order.
 */
const STALE_CHUNK =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether `error` is a chunk of the app that did not load (a reload fetches the current ones). */
export function isStaleChunkError(error: unknown): boolean {
  return error instanceof Error && STALE_CHUNK.test(error.message);
}

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Shown in place of a route whose page failed: its chunk did not load, or it threw while rendering. Without it,
 * React Router shows its own English screen for developers. A page's failure keeps the console's or the site's
 * header and menu (every page route has this element, router.tsx); a layout's failure replaces the whole screen.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  // Drawn here rather than by antd's Result, whose illustrations (403, 404, 500) would add 11 kB (gzip) to the
  // shell every page loads. An unknown address is not among the errors: the router's "*" route answers it.
  const stale = isStaleChunkError(error);
  return (
    <div className="wj-route-error" data-testid="route-error" data-error-kind={stale ? "stale" : "crash"}>
      {stale ? (
        <InfoCircleFilled aria-hidden="true" className="wj-route-error__icon wj-route-error__icon--info" />
      ) : (
        <CloseCircleFilled aria-hidden="true" className="wj-route-error__icon wj-route-error__icon--error" />
      )}
      <h1 className="wj-route-error__title">{stale ? "页面需要刷新" : "页面出错了"}</h1>
      <p className="wj-route-error__text">
        {stale
          ? "网站刚刚更新，或网络中断了一下，页面的一部分没能加载。刷新页面即可继续。"
          : "抱歉，页面遇到了意外问题。请刷新页面重试；如果问题持续出现，请联系客服。"}
      </p>
      <div className="wj-route-error__actions">
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
        <Button href="/website/home">返回首页</Button>
      </div>
      {/* For the support team: what the browser reported, folded away. */}
      <details className="wj-route-error__details">
        <summary>错误详情</summary>
        <code>{messageOf(error)}</code>
      </details>
    </div>
  );
}
