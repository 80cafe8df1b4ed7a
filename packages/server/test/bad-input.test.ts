import { badInputShare } from "./bad-input.ts";

// The first half of the routes refusing bad input (bad-input.ts), and the foundation's routes are all there.
badInputShare({ share: 0, of: 2 });
