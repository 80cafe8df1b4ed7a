import type { SpacePost } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { toCount } from "../../db/index.ts";
import type { Page } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import { postsQuery, present } from "./posts.ts";

export interface AdminSpacePost extends SpacePost {
  phone: string;
}

export interface AdminSpaceListInput {
  keyword?: string | undefined;
  status?: SpacePost["status"] | undefined;
  pageNum: number;
  pageSize: number;
}

/** 互填管理 (`admin/space/list`): every post, newest first, with its poster's phone, for taking one down. */
export async function listAdminSpacePosts(db: Db, input: AdminSpaceListInput): Promise<Page<AdminSpacePost>> {
  let query = postsQuery(db).innerJoin("users as u", "u.id", "p.userId");
  if (input.status) query = query.where("p.status", "=", input.status);
  if (input.keyword) query = query.where(contains("q.title", input.keyword));
  const [rows, total] = await Promise.all([
    query
      .select("u.phone")
      .orderBy("p.id", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  return {
    list: rows.map((row) => ({ ...present(row), id: row.postId, phone: row.phone ?? "" })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
