import type { SpacePost } from "@wjgj/core";
import { Alert, Button, Empty, Input, Skeleton, Tabs } from "antd";
import type { FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSpaceList, useUserSpace } from "../../api/answer-space.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSessionStore } from "../../stores/session-store.ts";
import { answerHref, MUTUAL_PAGE_SIZE, mutualHref, parseMutualState } from "./mutual-state.ts";
import { MyPosts } from "./my-posts.tsx";
import { PostForm } from "./post-form.tsx";
import "./website-mutual.css";

function PostCard({ post }: { post: SpacePost }) {
  return (
    <article className="wj-mutual-card" data-testid="mutual-card">
      <h2 className="wj-mutual-card__title">
        {/* The answer page is its own server-rendered entry, not a route of this app. */}
        <a href={answerHref(post.publicId)}>{post.title}</a>
      </h2>
      <p className="wj-mutual-card__facts">
        <span className="wj-mutual-card__points">{`${post.reward} 积分/份`}</span>
        <span>{`${post.questionCount} 题`}</span>
        <span>{`已答 ${post.answered}/${post.quota}`}</span>
        <span>{post.createdAt.slice(0, 10)}</span>
      </p>
    </article>
  );
}

/**
 * The logged-in visitor's points, 发布问卷 and 我的发布 (after hydration: the session lives in local storage).
 * The open tab is in the address (`?tab=mine`), so a reload or a link lands on 我的发布.
 */
function MySpace() {
  const hydrated = useHydrated();
  const token = useSessionStore((s) => s.token);
  const mine = useUserSpace(hydrated && token !== null);
  const [search, setSearch] = useSearchParams();
  const tab = search.get("tab") === "mine" ? "mine" : "post";
  const handleTab = (key: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === "mine") next.set("tab", "mine");
        else next.delete("tab");
        return next;
      },
      { replace: true },
    );
  if (!hydrated) return null;
  if (!token)
    return (
      <p className="wj-mutual__login">
        <Link to="/login?redirect=%2Fwebsite%2Fmutual">登录</Link>后可发布问卷、答题赚积分
      </p>
    );
  if (!mine.data) return mine.error ? <Alert type="error" showIcon message={mine.error.message} /> : null;
  const space = mine.data;
  return (
    <section className="wj-mutual__mine" aria-label="我的互填">
      <p className="wj-mutual__balance" data-testid="my-points">
        我的积分 <strong>{space.points}</strong>
        <span>{`冻结 ${space.frozen} · 今日已赚 ${space.earnedToday}/${space.dailyCap}`}</span>
      </p>
      <Tabs
        className="wj-mutual__tabs"
        activeKey={tab}
        onChange={handleTab}
        destroyOnHidden
        items={[
          { key: "post", label: "发布问卷", children: <PostForm space={space} /> },
          { key: "mine", label: "我的发布", children: <MyPosts /> },
        ]}
      />
    </section>
  );
}

/** /website/mutual: 互助答题 — questionnaires offering points, answered from here to earn them. */
export function WebsiteMutualPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state = parseMutualState(search);
  const list = useSpaceList(state);

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
    navigate(mutualHref({ ...state, keyword }));
  };

  const pages = Math.ceil((list.data?.total ?? 0) / MUTUAL_PAGE_SIZE);
  return (
    <main className="wj-mutual">
      <header className="wj-mutual__head">
        <h1>互助答题</h1>
        <p>发布问卷互相填写：答别人的问卷赚积分，用积分换取自己问卷的答卷。认真作答才计分。</p>
      </header>
      <MySpace />
      <form className="wj-mutual__search" aria-label="搜索互填问卷" onSubmit={handleSearch}>
        <Input
          name="keyword"
          defaultValue={state.keyword}
          placeholder="搜索问卷标题"
          aria-label="搜索问卷标题"
        />
        <Button htmlType="submit" type="primary">
          搜索
        </Button>
      </form>
      <nav className="wj-mutual__sort" aria-label="排序">
        <Link
          to={mutualHref({ ...state, sort: "recent" })}
          aria-current={state.sort === "recent" ? "true" : undefined}
        >
          最新发布
        </Link>
        <Link
          to={mutualHref({ ...state, sort: "points" })}
          aria-current={state.sort === "points" ? "true" : undefined}
        >
          积分最高
        </Link>
      </nav>
      {list.error ? (
        <Alert type="error" showIcon message={list.error.message || "加载失败，请稍后刷新重试"} />
      ) : null}
      {!list.data && !list.error ? <Skeleton active /> : null}
      {list.data && list.data.list.length === 0 ? <Empty description="暂时没有符合条件的问卷" /> : null}
      <div className="wj-mutual__list">
        {list.data?.list.map((post) => (
          <PostCard key={post.postId} post={post} />
        ))}
      </div>
      {pages > 1 ? (
        <nav className="wj-mutual__pager" aria-label="分页">
          {state.pageNum > 1 ? <Link to={mutualHref(state, state.pageNum - 1)}>上一页</Link> : null}
          <span>{`第 ${state.pageNum} / ${pages} 页`}</span>
          {state.pageNum < pages ? <Link to={mutualHref(state, state.pageNum + 1)}>下一页</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
