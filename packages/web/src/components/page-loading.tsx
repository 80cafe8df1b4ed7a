import { Spin } from "antd";

/** Shown while a page's chunk loads (pages load on demand, seed §9). */
export function PageLoading() {
  return (
    <div className="wj-page-loading" role="status" aria-label="页面加载中">
      <Spin size="large" />
    </div>
  );
}
