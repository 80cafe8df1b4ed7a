import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PracticeAnswer,
  type PracticeMode,
  type PracticeProgress,
  type PracticeSet,
  practiceOrder,
} from "@wjgj/core";
import { useMemo, useState } from "react";
import { resolveDeviceId } from "../../../answer/lib/ids.ts";
import { exerciseApi, exerciseKeys } from "../../../api/exercise.ts";

/** The answering page's device id (local storage), so progress follows this browser without an account. */
function deviceIdOf(): string {
  try {
    return resolveDeviceId(localStorage, "");
  } catch {
    return resolveDeviceId(null, "");
  }
}

/** A round: the questions in the order `mode` asks them, fixed when it starts (answering reshapes the book). */
export interface Round {
  mode: PracticeMode;
  order: string[];
  index: number;
}

function startRound(mode: PracticeMode, set: PracticeSet): Round {
  const ids = set.questions.map((q) => q.id);
  const order = practiceOrder(mode, ids, set.progress);
  // 顺序练习 carries on from the first question not yet answered.
  const first =
    mode === "sequential"
      ? Math.max(
          0,
          order.findIndex((id) => !(id in set.progress.answered)),
        )
      : 0;
  return { mode, order, index: first };
}

export function usePractice(publicId: string) {
  const [deviceId] = useState(deviceIdOf);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: exerciseKeys.set(publicId),
    queryFn: ({ signal }) => exerciseApi.getExercise(publicId, deviceId, { signal }),
    enabled: publicId !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [round, setRound] = useState<Round | null>(null);
  const check = useMutation({
    mutationFn: (input: { questionId: string; answer: PracticeAnswer }) =>
      exerciseApi.checkExerciseAnswer({ publicId, deviceId, ...input }),
    onSuccess: (feedback) =>
      client.setQueryData<PracticeSet>(exerciseKeys.set(publicId), (set) =>
        set ? { ...set, progress: feedback.progress } : set,
      ),
  });
  const set = query.data;
  const current = useMemo(() => {
    if (!set || !round) return null;
    const id = round.order[round.index];
    return set.questions.find((q) => q.id === id) ?? null;
  }, [set, round]);

  return {
    query,
    set,
    round,
    current,
    check,
    start: (mode: PracticeMode) => {
      check.reset();
      if (set) setRound(startRound(mode, set));
    },
    next: () => {
      check.reset();
      setRound((r) => (r ? { ...r, index: r.index + 1 } : r));
    },
    stop: () => {
      check.reset();
      setRound(null);
    },
  };
}

export function answeredCount(progress: PracticeProgress): number {
  return Object.keys(progress.answered).length;
}
