import { z } from "zod";

/**
 * For browsers: validate without compiling code. Before its first compiled parse zod probes `new Function`,
 * and under the pages' Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a
 * violation even though zod catches it. The server keeps compiled parsing.
 */
export function validateWithoutEval(): void {
  z.config({ jitless: true });
}
