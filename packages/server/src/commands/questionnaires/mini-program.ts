import { ResultCode, type SmallUrlScheme } from "@wjgj/core";
import type { FastifyBaseLogger } from "fastify";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { AppError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { MiniProgramClient, WeChatApiError } from "../../wechat/mini-program.ts";
import { loadQuestionnaire } from "./store.ts";

/** One client per app: its access token and schemes are kept between calls. */
const clients = new WeakMap<AppContext, MiniProgramClient>();

function clientOf(ctx: AppContext): MiniProgramClient {
  const config = ctx.config.miniProgram;
  // `configured: false` tells the share dialog not to offer the link at all.
  if (!config)
    throw new AppError(ResultCode.invalidInput, "smallProgramNotConfigured", { configured: false });
  let client = clients.get(ctx);
  if (!client) {
    client = new MiniProgramClient(config, ctx.clock);
    clients.set(ctx, client);
  }
  return client;
}

/**
 * `queationaryTeam/getSmallUrlScheme`: a mini-program link to a questionnaire the viewer may read, once it has
 * been published. WeChat's refusals are logged and answered with one Chinese message.
 */
export async function smallUrlScheme(
  ctx: AppContext,
  log: FastifyBaseLogger,
  viewer: Viewer,
  id: number,
): Promise<SmallUrlScheme> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "read");
  if (row.publishedVersion === null)
    throw InvalidInputError.field("id", "smallProgramNotPublished", row.kind);
  const client = clientOf(ctx);
  try {
    const scheme = await client.urlScheme(row.publicId);
    return { openlink: scheme.openlink, expireTime: chinaDateTime(scheme.expiresAt) };
  } catch (error) {
    if (!(error instanceof WeChatApiError)) throw error;
    log.warn({ errcode: error.errcode, err: error.message }, "WeChat urlscheme.generate failed");
    throw new AppError(ResultCode.invalidInput, "smallProgramFailed");
  }
}
