import type { ForcedReason, SubmitReply } from "@wjgj/core/pages/answer";
import { useMemo, useState } from "react";
import { apiCall } from "../lib/api.ts";
import { randomId } from "../lib/ids.ts";
import { SubmitController, type SubmitPhase } from "../lib/submit-machine.ts";
import { refreshLiveFigures } from "../lib/use-refresh.ts";

/** The body of `anQuestion/questionAnswer` (the key is added per attempt). */
export interface SubmitPayload {
  publicId: string;
  revisionId: number;
  answers: Record<string, unknown>;
  durationSeconds: number;
  deviceId: string;
  source: string;
  answerToken: string;
  /** A server-timed exam attempt's token (answer/exam/). */
  attemptToken?: string;
  password?: string;
  consentVersion?: number;
  preview?: boolean;
  forced?: ForcedReason;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useSubmit(publicId: string) {
  const [phase, setPhase] = useState<SubmitPhase>("idle");
  const controller = useMemo(
    () =>
      new SubmitController<SubmitPayload>(
        {
          post: async (payload, key) => {
            const outcome = await apiCall<SubmitReply>("POST", "anQuestion/questionAnswer", {
              body: { json: { ...payload, idempotencyKey: key } },
              timeoutMs: 20_000,
            });
            // Refused (a full slot, a sold-out product…): the places and stock shown are read again.
            if (!outcome.ok && outcome.kind === "business" && outcome.code < 500) refreshLiveFigures();
            return outcome;
          },
          check: (key) =>
            apiCall("POST", "anQuestion/checkSuccess", { body: { json: { publicId, idempotencyKey: key } } }),
          wait,
          newKey: () => randomId(32),
        },
        setPhase,
      ),
    [publicId],
  );
  return { phase, controller };
}

/** Where the respondent came from: the share link's `source`, or WeChat's in-app browser. */
export function detectSource(search: string, userAgent: string): string {
  const known = ["link", "qrcode", "wechat", "embed", "sms", "mutual", "sample", "other"];
  const given = new URLSearchParams(search).get("source") ?? "";
  if (known.includes(given)) return given;
  return /MicroMessenger/i.test(userAgent) ? "wechat" : "link";
}
