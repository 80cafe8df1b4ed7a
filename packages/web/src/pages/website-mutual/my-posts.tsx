import type { MySpacePost, SpacePostStatus } from "@wjgj/core";
import { Alert, App, Button, Empty, Pagination, Progress, Skeleton, Tag } from "antd";
import { useState } from "react";
import {
  MY_POSTS_PAGE_SIZE,
  type SpacePostAction,
  useManageSpacePost,
  useMySpacePosts,
} from "../../api/answer-space.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

/**
 * 我的发布: the poster's posts as cards (they read as well at 390 px as side by side at 1280 px): status,
 * progress, and where the points went — reserved at posting, paid to respondents, returned at the end — with
 * 暂停, 继续 and 结束, each confirmed first.
 */

const statusTags: Record<SpacePostStatus, { label: string; color: string }> = {
  active: { label: "进行中", color: "green" },
  paused: { label: "已暂停", color: "orange" },
  completed: { label: "已结束", color: "default" },
  withdrawn: { label: "已结束", color: "default" },
  removed: { label: "已下架", color: "red" },
};

const isLive = (post: MySpacePost) => post.status === "active" || post.status === "paused";

/** A line under the progress that says what happens to the points next, or what happened. */
function outcome(post: MySpacePost): string {
  if (post.status === "completed") return `已收满 ${post.quota} 份，积分已全部发出`;
  if (post.status === "paused") return `暂停中：不在互填列表展示，不发放积分；${post.frozen} 积分仍冻结`;
  if (post.status === "active") return `${post.frozen} 积分冻结中，结束时未发出的积分退回`;
  return `未发出的 ${post.returned} 积分已退回`;
}

const confirmations: Record<SpacePostAction, (post: MySpacePost) => { title: string; content: string }> = {
  pause: (post) => ({
    title: "暂停互填",
    content: `暂停后「${post.title}」不再出现在互填列表，也不再发放积分；冻结的 ${post.frozen} 积分保留，可随时继续。`,
  }),
  resume: (post) => ({
    title: "继续互填",
    content: `「${post.title}」将重新出现在互填列表，答题者认真作答后可获得 ${post.reward} 积分。`,
  }),
  end: (post) => ({
    title: "结束互填",
    content: `结束后「${post.title}」不再发放积分，也不能继续；未发出的 ${post.frozen} 积分立即退回到您的积分。`,
  }),
};

const actionLabels: Record<SpacePostAction, string> = { pause: "暂停", resume: "继续", end: "结束" };

function doneMessage(action: SpacePostAction, post: MySpacePost): string {
  if (action === "pause") return "已暂停";
  if (action === "resume") return "已继续，问卷重新在互填列表展示";
  return `已结束，${post.returned} 积分已退回到您的积分`;
}

const day = (at: string) => at.slice(0, 10);

function PostCard({ post, onAction }: { post: MySpacePost; onAction: (action: SpacePostAction) => void }) {
  const tag = statusTags[post.status];
  const percent = Math.min(100, Math.floor((post.answered / post.quota) * 100));
  const dates = post.endedAt
    ? `${day(post.createdAt)} 发布 · ${day(post.endedAt)} 结束`
    : `${day(post.createdAt)} 发布`;
  return (
    <article className="wj-mypost" data-testid="my-post" aria-label={post.title}>
      <header className="wj-mypost__head">
        <h3 className="wj-mypost__title">{post.title}</h3>
        <Tag color={tag.color} className="wj-mypost__status" data-testid="my-post-status">
          {tag.label}
        </Tag>
      </header>
      {post.status === "removed" && post.removedReason ? (
        <p className="wj-mypost__reason">{`下架原因：${post.removedReason}`}</p>
      ) : null}
      <div className="wj-mypost__progress">
        <span data-testid="my-post-progress">{`已答 ${post.answered}/${post.quota}`}</span>
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          status={post.status === "active" ? "active" : "normal"}
          aria-label={`已答${post.answered}份，共需${post.quota}份`}
        />
      </div>
      <dl className="wj-mypost__points" data-testid="my-post-points">
        <div>
          <dt>每份奖励</dt>
          <dd>{`${post.reward} 积分`}</dd>
        </div>
        <div>
          <dt>预留积分</dt>
          <dd>{post.reserved}</dd>
        </div>
        <div>
          <dt>已发出</dt>
          <dd>{post.spent}</dd>
        </div>
        <div>
          <dt>已退回</dt>
          <dd>{post.returned}</dd>
        </div>
      </dl>
      <p className="wj-mypost__note">{outcome(post)}</p>
      <footer className="wj-mypost__foot">
        <span className="wj-mypost__dates">{dates}</span>
        {isLive(post) ? (
          <span className="wj-mypost__actions">
            {post.status === "active" ? (
              <Button size="small" onClick={() => onAction("pause")}>
                暂停
              </Button>
            ) : (
              <Button size="small" type="primary" onClick={() => onAction("resume")}>
                继续
              </Button>
            )}
            <Button size="small" danger onClick={() => onAction("end")}>
              结束
            </Button>
          </span>
        ) : null}
      </footer>
    </article>
  );
}

/** The 我的发布 tab: a page of the caller's posts, newest first. */
export function MyPosts() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [page, setPage] = useState(1);
  const list = useMySpacePosts(true, page);
  const manage = useManageSpacePost();

  const handleAction = (post: MySpacePost, action: SpacePostAction) => {
    const { title, content } = confirmations[action](post);
    modal.confirm({
      title,
      content,
      okText: actionLabels[action],
      okButtonProps: action === "end" ? { danger: true } : {},
      cancelText: "取消",
      onOk: async () => {
        try {
          const updated = await manage.mutateAsync({ action, questionnaireId: post.questionnaireId });
          void message.success(doneMessage(action, updated));
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  if (list.error)
    return <Alert type="error" showIcon message={list.error.message || "加载失败，请稍后重试"} />;
  if (!list.data) return <Skeleton active />;
  if (list.data.total === 0)
    return <Empty description="还没有发布过问卷：在“发布问卷”里选一份已发布的问卷，发布到互填" />;
  return (
    <div className="wj-mypost-list-wrap">
      <div className="wj-mypost-list">
        {list.data.list.map((post) => (
          <PostCard key={post.postId} post={post} onAction={(action) => handleAction(post, action)} />
        ))}
      </div>
      {list.data.total > MY_POSTS_PAGE_SIZE ? (
        <Pagination
          simple
          className="wj-mypost-list__pager"
          current={page}
          pageSize={MY_POSTS_PAGE_SIZE}
          total={list.data.total}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
