// Every lazily loaded input, registered at once: the server renderer (answer/ssr.tsx) and the logged-in app's
// read-only view, which render any type synchronously.
import "./text-group.ts";
import "./rating-group.ts";
import "./matrix-group.ts";
import "./advanced-group.ts";
