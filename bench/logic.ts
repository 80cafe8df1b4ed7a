/**
 * `npm run bench -- logic`: a 1,000-question chain (question i shows only if question i−1 is answered),
 * 1,000 answers set one at a time through the incremental session, and validateSubmission on the same
 * 1,000-question definition. The last line is the machine-readable summary.
 *
 * The peer (survey-core, SurveyJS) is measured in the same run when it is installed as a devDependency of
 * bench; when it is missing, peer_ms and ratio are null rather than a made-up figure.
 */
import { performance } from "node:perf_hooks";
import {
  createSession,
  definitionSchema,
  type SurveyDefinition,
  validateSubmission,
} from "@wjgj/core/survey/index";

const N = 1000;
const context = { today: "2024-06-15" };

function chainDefinition(): SurveyDefinition {
  const questions = Array.from({ length: N }, (_, i) => ({
    id: `q${i}`,
    type: "text",
    title: `第${i + 1}题`,
    config: {},
    ...(i > 0 ? { showIf: { kind: "answered", questionId: `q${i - 1}` } } : {}),
  }));
  return definitionSchema.parse({
    schemaVersion: 1,
    kind: "survey",
    title: "chain",
    pages: [{ id: "p1", questions }],
  });
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median time of `run`, each on a fresh subject from `setup` (not timed), after a JIT warm-up. */
function measure<T>(runs: number, setup: () => T, run: (subject: T) => void): number {
  for (let i = 0; i < 3; i++) run(setup());
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const subject = setup();
    const start = performance.now();
    run(subject);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function runOurs(session: ReturnType<typeof createSession>): void {
  for (let i = 0; i < N; i++) session.setAnswer(`q${i}`, `答案${i}`);
  const result = session.result();
  if (result.visibleQuestions.length !== N) throw new Error("chain did not unfold");
}

interface SurveyModelLike {
  setValue(name: string, value: unknown): void;
  getQuestionByName(name: string): { isVisible: boolean } | null;
}

async function loadPeer(): Promise<((json: unknown) => SurveyModelLike) | null> {
  try {
    const name = "survey-core";
    const peer = (await import(name)) as { Model: new (json: unknown) => SurveyModelLike };
    return (json) => new peer.Model(json);
  } catch {
    return null;
  }
}

function peerJson(): unknown {
  const elements = Array.from({ length: N }, (_, i) => ({
    type: "text",
    name: `q${i}`,
    ...(i > 0 ? { visibleIf: `{q${i - 1}} notempty` } : {}),
  }));
  return { pages: [{ name: "p1", elements }] };
}

const definition = chainDefinition();
// Both sides get a ready model (ours: a session over the compiled definition; peer: a SurveyModel);
// only the 1,000 setAnswer/setValue calls are timed.
const oursMs = measure(15, () => createSession(definition, context), runOurs);

const answers = Object.fromEntries(Array.from({ length: N }, (_, i) => [`q${i}`, `答案${i}`]));
const validateMs = measure(
  25,
  () => null,
  () => {
    if (!validateSubmission(definition, answers, context).ok) throw new Error("valid submission rejected");
  },
);

const makePeer = await loadPeer();
let peerMs: number | null = null;
if (makePeer) {
  const json = peerJson();
  peerMs = measure(
    3,
    () => makePeer(json),
    (model) => {
      for (let i = 0; i < N; i++) model.setValue(`q${i}`, `答案${i}`);
      if (!model.getQuestionByName(`q${N - 1}`)?.isVisible) throw new Error("peer chain did not unfold");
    },
  );
} else {
  console.log("survey-core is not installed: peer not measured (add it as a devDependency of bench).");
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
console.log(`ours: ${round(oursMs)} ms for ${N} answers; validateSubmission: ${round(validateMs)} ms`);
console.log(
  JSON.stringify({
    bench: "logic",
    ours_ms: round(oursMs),
    peer_ms: peerMs === null ? null : round(peerMs),
    ratio: peerMs === null ? null : Math.round(peerMs / oursMs),
    validate_ms: round(validateMs),
  }),
);
