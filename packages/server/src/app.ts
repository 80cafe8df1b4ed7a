import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance } from "fastify";
import { z } from "zod";
import { prepareAnswerTokenKey } from "./commands/answering/answer-token.ts";
import { openKeyring } from "./commands/privacy/keyring.ts";
import { settleResultsIndex } from "./commands/results/fact-bitset-cache.ts";
import type { AppContext } from "./context.ts";
import { registerAnswerPages } from "./http/answer-pages.ts";
import { clientErrorOptions } from "./http/client-errors.ts";
import { registerErrorHandling } from "./http/error-handler.ts";
import { registerJsonBody } from "./http/json-body.ts";
import { type PoolCounts, registerMetrics } from "./http/metrics.ts";
import { registerMultipart } from "./http/multipart.ts";
import { registerOperations } from "./http/operations.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerUploadFiles } from "./http/upload-files.ts";
import { registerWebApp } from "./http/web-app.ts";
import { registerWebsitePages } from "./http/website-pages.ts";
import { registerSitemap } from "./http/website-sitemap.ts";
import { jobWorkerOf, registerJobs } from "./jobs/index.ts";
import { registerOpenApi } from "./open-api/define.ts";
import { openApiRoutes } from "./open-api/routes.ts";
import { webhookOpenApiRoutes } from "./open-api/webhook-routes.ts";
import { adminRoutes } from "./routes/admin/index.ts";
import { adminTemplateRoutes } from "./routes/admin/templates.ts";
import { anQuestionRoutes } from "./routes/anQuestion/index.ts";
import { answerRoutes } from "./routes/answer/index.ts";
import { answerSpaceRoutes } from "./routes/answerSpace/index.ts";
import { apiKeyRoutes } from "./routes/apiKey/index.ts";
import { commonRoutes } from "./routes/common/index.ts";
import { examRoutes } from "./routes/exam/index.ts";
import { exerciseRoutes } from "./routes/exercise/index.ts";
import { exportRoutes } from "./routes/export/index.ts";
import { navigationRoutes } from "./routes/navigation/index.ts";
import { navigationTemplateRoutes } from "./routes/navigation/templates.ts";
import { payRoutes } from "./routes/pay/index.ts";
import { prizeRoutes } from "./routes/prize/index.ts";
import { queationaryTeamRoutes } from "./routes/queationaryTeam/index.ts";
import { smallUrlSchemeRoutes } from "./routes/queationaryTeam/small-url-scheme.ts";
import { questionaryCoverRoutes } from "./routes/questionary/covers.ts";
import { questionaryRoutes } from "./routes/questionary/index.ts";
import { questionaryTypeRoutes } from "./routes/questionaryType/index.ts";
import { questionBankRoutes } from "./routes/questionBank/index.ts";
import { questionJumpRoutes } from "./routes/questionJump/index.ts";
import { questionSelectJoinRoutes } from "./routes/questionSelectJoin/index.ts";
import { redPacketRoutes } from "./routes/redPacket/index.ts";
import { reportRoutes } from "./routes/report/index.ts";
import { sampleServiceRoutes } from "./routes/sampleService/index.ts";
import { selectConnectRoutes } from "./routes/selectConnect/index.ts";
import { showQuestionRoutes } from "./routes/showQuestion/index.ts";
import { statisticsRoutes } from "./routes/statistics/index.ts";
import { templateRoutes } from "./routes/template/index.ts";
import { uploadRoutes } from "./routes/upload/index.ts";
import { userRoutes } from "./routes/user/index.ts";
import { vipSetRoutes } from "./routes/vipSet/index.ts";
import { webhookRoutes } from "./routes/webhook/index.ts";
import { wechatJsConfigRoutes } from "./routes/wechat/js-config.ts";
import { wechatOptionsRoutes } from "./routes/wechat/options.ts";
import { wechatPayAuthRoutes } from "./routes/wechat/pay-auth.ts";
import { wechatSignInRoutes } from "./routes/wechat/sign-in.ts";
import { consoleSmsProvider } from "./sms/console-provider.ts";
import type { SmsProvider } from "./sms/provider.ts";
import { createStorage, type Storage } from "./storage/index.ts";

z.config(z.locales.zhCN());

// A search keyword may be a candidate's 准考证号 or phone (exam/getCandidates); a candidate token is a session.
const SECRET_QUERY =
  /([?&](?:token|requestParam|password|oldPassword|code|state|wxticket|wxbind|keyword|candidateToken)=)[^&]*/gi;

/** Request URLs as logged: secrets that might ride in a query string are masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[REDACTED]");
}

/** The one composition root: every plugin, hook and route of the product is wired here. */
export async function buildApp(
  deps: Omit<AppContext, "sms" | "storage"> & {
    sms?: SmsProvider;
    /** Files under DATA_DIR or in the S3 bucket of the configuration, unless given. */
    storage?: Storage;
    /** The PostgreSQL pool's counts, for /metrics. */
    dbPool?: PoolCounts;
    logStream?: { write(line: string): void };
  },
): Promise<FastifyInstance> {
  const { logStream, dbPool, ...context } = deps;
  // Before anything can sign a token: a damaged key file stops the start with a Chinese message.
  await prepareAnswerTokenKey(deps.config, deps.dialect === "postgres" ? deps.db : undefined);
  // Before anything reads or writes personal data: a master key that is not the database's stops the start.
  await openKeyring(deps.config, deps.db, deps.clock);
  const app = Fastify({
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    ...clientErrorOptions,
    logger: {
      // Request lines are logged at info: below the default level (warn), shown when LOG_LEVEL asks.
      level: deps.config.logLevel,
      // Tests read the log from a stream of their own; the server writes to stdout.
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: [
          "req.headers.token",
          "req.headers.requestparam",
          "req.headers.authorization",
          "req.headers.cookie",
        ],
        censor: "[REDACTED]",
      },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
  });

  const ctx: AppContext = {
    ...context,
    sms: deps.sms ?? consoleSmsProvider(app.log),
    storage: deps.storage ?? createStorage(deps.config),
  };
  registerErrorHandling(app);
  const metrics = registerMetrics(app, ctx, dbPool);
  registerOperations(app, ctx, metrics);
  // Respondents open links on phones over slow networks: pages, scripts and large JSON travel compressed.
  // Brotli at quality 5 keeps per-request CPU low (zlib's default of 11 is meant for build-time files).
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(formbody);
  registerJsonBody(app);
  registerMultipart(app);
  registerSecurityHeaders(app);
  registerJobs(app, ctx);
  app.addHook("onClose", () => settleResultsIndex(ctx.db));

  userRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  webhookRoutes(app, ctx);
  navigationRoutes(app, ctx);
  vipSetRoutes(app, ctx);
  adminRoutes(app, ctx);
  questionaryRoutes(app, ctx);
  smallUrlSchemeRoutes(app, ctx);
  wechatJsConfigRoutes(app, ctx);
  wechatPayAuthRoutes(app, ctx);
  wechatOptionsRoutes(app, ctx);
  wechatSignInRoutes(app, ctx);
  queationaryTeamRoutes(app, ctx);
  questionaryTypeRoutes(app, ctx);
  questionJumpRoutes(app, ctx);
  showQuestionRoutes(app, ctx);
  selectConnectRoutes(app, ctx);
  questionSelectJoinRoutes(app, ctx);
  anQuestionRoutes(app, ctx);
  examRoutes(app, ctx);
  exerciseRoutes(app, ctx);
  reportRoutes(app, ctx);
  questionBankRoutes(app, ctx);
  statisticsRoutes(app, ctx);
  answerRoutes(app, ctx);
  uploadRoutes(app, ctx);
  commonRoutes(app, ctx);
  exportRoutes(app, ctx);
  // Templates (issue #13): the author's calls, the gallery, covers and 模板管理.
  templateRoutes(app, ctx);
  navigationTemplateRoutes(app, ctx);
  questionaryCoverRoutes(app, ctx);
  adminTemplateRoutes(app, ctx);
  // Money (issue #16): orders, payment providers, the wallet and consumption details.
  payRoutes(app, ctx);
  prizeRoutes(app, ctx);
  redPacketRoutes(app, ctx);
  answerSpaceRoutes(app, ctx);
  sampleServiceRoutes(app, ctx);
  await registerOpenApi(app, ctx, (scope) => {
    openApiRoutes(scope, jobWorkerOf(app));
    webhookOpenApiRoutes(scope);
  });
  await registerUploadFiles(app, ctx);
  await registerAnswerPages(app, ctx);
  await registerWebsitePages(app, ctx);
  registerSitemap(app, ctx);
  await registerWebApp(app, ctx.config);
  return app;
}
