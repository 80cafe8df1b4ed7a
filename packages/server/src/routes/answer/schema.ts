import { ERASURE_NOTE_MAX, messages } from "@wjgj/core";
import { z } from "zod";
import { booleanParam, idParam } from "../../http/params.ts";

export const erasureListInput = z.object({ id: idParam });

export const handleErasureInput = z.object({
  id: idParam,
  requestId: idParam,
  approve: booleanParam("erasureNoteInvalid"),
  note: z
    .string({ error: messages.erasureNoteInvalid })
    .trim()
    .max(ERASURE_NOTE_MAX, messages.erasureNoteInvalid)
    .default(""),
});
