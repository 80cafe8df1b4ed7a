import { ArrowLeftOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Result, Skeleton } from "antd";
import { useEffect, useRef } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { LinkButton } from "../../components/link-button.tsx";
import { TemplatePreview, TemplateSummary } from "../../components/template-details/index.tsx";
import { useQuoteTemplate } from "../../components/template-details/use-quote-template.ts";
import { loginPathFor } from "../../lib/guard.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSessionStore } from "../../stores/session-store.ts";
import { usePageTitle } from "../../website/use-page-title.ts";
import {
  FREE_PATH,
  filterHref,
  parseFreeState,
  parseTemplateId,
  templateHref,
} from "../website-free/free-state.ts";
import "../website-free/website-free.css";

/** The flag a visitor comes back with from logging in: use the template straight away. */
const USE_PARAM = "use";

function NotFound() {
  return (
    <div data-testid="free-not-found">
      <Result
        status="404"
        title="模板不存在或已下架"
        subTitle="链接可能已失效，去免费模板看看其他模板吧。"
        extra={
          <LinkButton type="primary" to={FREE_PATH}>
            返回免费模板
          </LinkButton>
        }
      />
    </div>
  );
}

/**
 * One public template (/website/free/:id), server-rendered: its facts, every question read-only (readable
 * without scripts), and 使用此模板. A visitor without an account logs in first and comes back here with
 * ?use=1, which then copies the template into their questionnaires and opens the designer.
 */
export function WebsiteFreeTemplatePage() {
  const id = parseTemplateId(useParams().id);
  const [search, setSearch] = useSearchParams();
  const hydrated = useHydrated();
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const loggedIn = hydrated && hasToken;
  const detail = useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: () => templatesApi.detail(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
  const quote = useQuoteTemplate();
  const template = detail.data;
  const missing =
    id === null || (detail.isError && detail.error instanceof ApiError && detail.error.code === 404);
  usePageTitle(template ? `${template.title} - 免费模板` : missing ? "模板不存在或已下架" : null);

  // Back from logging in: use it once, and drop the flag so a reload does not make a second copy.
  const usedOnReturn = useRef(false);
  const returning = search.get(USE_PARAM) === "1";
  useEffect(() => {
    if (!returning || !loggedIn || !template || usedOnReturn.current) return;
    usedOnReturn.current = true;
    setSearch({}, { replace: true });
    quote.mutate(template.id);
  }, [returning, loggedIn, template, setSearch, quote]);

  if (missing) return <NotFound />;
  if (detail.isError) {
    return (
      <div className="wj-free-tpl">
        <Alert type="error" showIcon message={detail.error.message || "模板加载失败，请稍后刷新重试"} />
      </div>
    );
  }
  if (!template) {
    return (
      <div className="wj-free-tpl">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }

  const gallery = parseFreeState(new URLSearchParams());
  const kindHref = filterHref(gallery, { kind: template.kind });
  const loginHref = loginPathFor(`${templateHref(template.id)}?${USE_PARAM}=1`);

  return (
    <article className="wj-free-tpl" data-testid="free-template">
      <nav aria-label="当前位置" className="wj-free-tpl__crumbs">
        <ol>
          <li>
            <Link to={FREE_PATH}>
              <ArrowLeftOutlined aria-hidden="true" /> 免费模板
            </Link>
          </li>
          <li>
            <Link to={kindHref}>{template.kindName}</Link>
          </li>
          <li aria-current="page">{template.title}</li>
        </ol>
      </nav>
      <div className="wj-free-tpl__layout">
        <aside className="wj-free-tpl__info">
          <TemplateSummary template={template} block="wj-free-tpl" />
          {loggedIn ? (
            <Button
              type="primary"
              size="large"
              block
              loading={quote.isPending}
              onClick={() => quote.mutate(template.id)}
            >
              使用此模板
            </Button>
          ) : (
            <LinkButton type="primary" to={loginHref} size="large" block>
              使用此模板
            </LinkButton>
          )}
          <p className="wj-free-tpl__hint">
            {loggedIn ? "将复制到“我的问卷”，可随意修改后发布" : "登录后复制到“我的问卷”，可随意修改后发布"}
          </p>
        </aside>
        <TemplatePreview
          template={template}
          block="wj-free-tpl"
          label="模板题目预览"
          frame="pc"
          today={template.updatedAt.slice(0, 10)}
        />
      </div>
    </article>
  );
}
