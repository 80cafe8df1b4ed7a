import { MenuOutlined } from "@ant-design/icons";
import { Alert, Button, Empty, Input, Result, Skeleton } from "antd";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { useHelpArticle, useHelpCategories, useHelpSearch } from "../../api/navigation.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useNavStore } from "../../stores/nav-store.ts";
import { usePageTitle } from "../../website/use-page-title.ts";
import { parseNewsId } from "../website-news/news-state.ts";
import "./website-help.css";

function ArticleView({ id }: { id: number }) {
  const article = useHelpArticle(id);
  usePageTitle(article.data ? `${article.data.title} - 帮助中心` : null);
  if (article.isError) {
    const missing = article.error instanceof ApiError && article.error.code === 404;
    return missing ? (
      <Result status="404" title="文章不存在或已下线" subTitle="请从左侧目录选择其他文章，或搜索关键词。" />
    ) : (
      <Alert type="error" showIcon message={article.error.message || "文章加载失败，请稍后重试"} />
    );
  }
  if (!article.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { title, categoryName, updateTime, content } = article.data;
  return (
    <article data-testid="help-article">
      <p className="wj-help__crumb">{categoryName}</p>
      <h2 className="wj-help__title">{title}</h2>
      <p className="wj-help__time">更新时间：{updateTime}</p>
      <div
        className="wj-rich-text"
        // Safe only because the server sanitises help articles against an allow-list when they are saved.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text
        dangerouslySetInnerHTML={{ __html: content }}
      />
    </article>
  );
}

function SearchResults({ keyword, onOpen }: { keyword: string; onOpen: (id: number) => void }) {
  const hits = useHelpSearch(keyword);
  if (hits.isError) return <Alert type="error" showIcon message="搜索失败，请稍后重试" />;
  if (!hits.data) return <Skeleton active />;
  if (hits.data.list.length === 0) return <Empty description={`没有找到与“${keyword}”相关的文章`} />;
  return (
    <section data-testid="help-results" aria-label="搜索结果">
      <p className="wj-help__time">找到 {hits.data.total} 篇相关文章</p>
      <ul className="wj-help__hits">
        {hits.data.list.map((hit) => (
          <li key={hit.id}>
            <button type="button" className="wj-help__link wj-help__hit-title" onClick={() => onOpen(hit.id)}>
              {hit.title}
            </button>
            <p className="wj-help__excerpt">{hit.excerpt}</p>
            <span className="wj-help__time">{hit.categoryName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the article pane shows before one is chosen: the first articles of the catalogue as 常见问题, so a
 * wide screen does not open on an empty pane.
 */
function CommonQuestions({
  articles,
  onPicked,
}: {
  articles: readonly { id: number; title: string }[];
  onPicked: () => void;
}) {
  if (articles.length === 0) return <Empty description="请从目录中选择文章，或在上方搜索问题" />;
  return (
    <section className="wj-help__common" aria-labelledby="help-common-title" data-testid="help-common">
      <h2 id="help-common-title">常见问题</h2>
      <ul>
        {articles.map((article) => (
          <li key={article.id}>
            <Link to={{ search: `?id=${article.id}` }} onClick={onPicked}>
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
      <p className="wj-help__common-hint">没有找到答案？可以在上方搜索，或从目录中查看全部文章。</p>
    </section>
  );
}

/** 帮助中心 (/website/resource/help): categories with their articles, search, and one article. */
export function WebsiteHelpPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get("keyword") ?? "").trim();
  const articleId = parseNewsId(params.get("id"));
  const categories = useHelpCategories();
  const menuVisible = useNavStore((state) => state.helpMenuVisible);
  const setMenuVisible = useNavStore((state) => state.setHelpMenuVisible);
  // Server-rendered: a search typed before the page is live would be lost, so the box waits for it.
  const ready = useHydrated();

  const handlePicked = () => {
    setMenuVisible(false);
    window.scrollTo({ top: 0 });
  };
  const handleOpen = (id: number) => {
    setParams({ id: String(id) });
    handlePicked();
  };
  const handleSearch = (value: string) => {
    const text = value.trim();
    setParams(text ? { keyword: text } : {});
  };

  return (
    <div className="wj-help" data-testid="help-page">
      <header className="wj-help__head">
        <h1>帮助中心</h1>
        <p>从创建问卷到数据分析，常见问题都能在这里找到答案。</p>
        <Input.Search
          key={keyword}
          className="wj-help__search"
          defaultValue={keyword}
          placeholder="搜索问题，例如：导出数据"
          enterButton="搜索"
          size="large"
          maxLength={50}
          allowClear
          aria-label="搜索帮助文章"
          readOnly={!ready}
          onSearch={handleSearch}
        />
      </header>
      <Button
        className="wj-help__menu-toggle"
        icon={<MenuOutlined />}
        aria-expanded={menuVisible}
        onClick={() => setMenuVisible(!menuVisible)}
      >
        帮助目录
      </Button>
      <div className="wj-help__body">
        <nav
          className={`wj-help__menu${menuVisible ? " wj-help__menu--open" : ""}`}
          aria-label="帮助目录"
          data-testid="help-menu"
        >
          {categories.isError && <Alert type="error" showIcon message="目录加载失败，请稍后刷新重试" />}
          {categories.isPending && <Skeleton active />}
          {categories.data?.map((category) => (
            <section key={category.id} className="wj-help__category">
              <h2>{category.name}</h2>
              <ul>
                {category.articles.map((article) => (
                  <li key={article.id}>
                    {/* A real link: crawlers follow it, and it works before the page is live. */}
                    <Link
                      to={{ search: `?id=${article.id}` }}
                      className={`wj-help__link${article.id === articleId ? " wj-help__link--active" : ""}`}
                      aria-current={article.id === articleId ? "page" : undefined}
                      onClick={handlePicked}
                    >
                      {article.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <div className="wj-help__main">
          {keyword ? (
            <SearchResults keyword={keyword} onOpen={handleOpen} />
          ) : articleId !== null ? (
            <ArticleView id={articleId} />
          ) : (
            <CommonQuestions
              articles={(categories.data ?? []).flatMap((category) => category.articles).slice(0, 8)}
              onPicked={handlePicked}
            />
          )}
        </div>
      </div>
    </div>
  );
}
