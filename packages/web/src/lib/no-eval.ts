// Imported first by the browser entries (and the lazily loaded engine) for its side effect: zod decides at
// schema creation whether to compile parsers with `new Function`, so the switch must precede every schema
// module. Never imported by server-rendered code, so the server keeps compiled parsing.
import { validateWithoutEval } from "@wjgj/core/api/browser-validation";

validateWithoutEval();
