import type { FastifyInstance } from "fastify";
import { EXPORT_JOB, exportJobHandler } from "../commands/exports/runner.ts";
import { FORM_ORDER_EXPIRY_JOB, formOrderExpiryJobHandler } from "../commands/form-orders/expire.ts";
import { MAINTENANCE_JOB, maintenanceJobHandler } from "../commands/maintenance.ts";
import { ORDER_EXPIRY_JOB, orderExpiryJobHandler } from "../commands/money/order-expiry.ts";
import { KEY_SWEEP_JOB, keySweepJobHandler } from "../commands/privacy/encryption-admin.ts";
import { KEY_ROTATION_JOB, keyRotationJobHandler } from "../commands/privacy/key-rotation.ts";
import { RETENTION_JOB, retentionJobHandler } from "../commands/privacy/retention.ts";
import { RESCORE_JOB, rescoreJobHandler } from "../commands/results/rescore.ts";
import { PAYOUT_JOB, payoutJobHandler } from "../commands/rewards/payouts.ts";
import { registerWebhookDispatch } from "../commands/webhooks/worker.ts";
import type { AppContext } from "../context.ts";
import { JobWorker } from "./worker.ts";

const workers = new WeakMap<FastifyInstance, JobWorker>();

/** The job worker of an app: routes queue work through it, tests await it with `idle()`. */
export function jobWorkerOf(app: FastifyInstance): JobWorker {
  const worker = workers.get(app);
  if (!worker) throw new Error("jobs are not registered on this app");
  return worker;
}

/** Every kind of background work and the worker that runs it, polling from ready until close. */
export function registerJobs(app: FastifyInstance, ctx: AppContext): JobWorker {
  const worker = new JobWorker(ctx, app.log);
  worker.register(EXPORT_JOB, exportJobHandler(ctx, app.log));
  worker.register(MAINTENANCE_JOB, maintenanceJobHandler(ctx));
  worker.register(RESCORE_JOB, rescoreJobHandler(ctx));
  worker.register(PAYOUT_JOB, payoutJobHandler(ctx));
  worker.register(ORDER_EXPIRY_JOB, orderExpiryJobHandler(ctx));
  worker.register(FORM_ORDER_EXPIRY_JOB, formOrderExpiryJobHandler(ctx));
  worker.register(RETENTION_JOB, retentionJobHandler(ctx));
  worker.register(KEY_ROTATION_JOB, keyRotationJobHandler(ctx));
  worker.register(KEY_SWEEP_JOB, keySweepJobHandler(ctx));
  // Webhook deliveries (issue #38): its job, the wake after a commit and the poll for due retries.
  registerWebhookDispatch(app, ctx, worker);
  workers.set(app, worker);
  app.addHook("onReady", async () => worker.start());
  // Stops between steps and hands a running job back to the queue before the pool closes.
  app.addHook("onClose", () => worker.stop());
  return worker;
}
