import type { PracticeAnswer, PracticeFeedback, PracticeSet } from "@wjgj/core";
import { type CallOptions, http } from "./request.ts";

/** 刷题 calls (`/wjgj/api/exercise/*`): open to anyone, the account's token when there is one. */
export const exerciseApi = {
  getExercise: (publicId: string, deviceId: string, options?: CallOptions) =>
    http.get<PracticeSet>("exercise/getExercise", { publicId, deviceId }, options),
  checkExerciseAnswer: (input: {
    publicId: string;
    questionId: string;
    answer: PracticeAnswer;
    deviceId: string;
  }) => http.postJson<PracticeFeedback>("exercise/checkExerciseAnswer", input),
};

export const exerciseKeys = {
  set: (publicId: string) => ["exercise", publicId] as const,
};
