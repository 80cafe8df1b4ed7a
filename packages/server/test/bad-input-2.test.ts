import { badInputShare } from "./bad-input.ts";

// The second half of the routes refusing bad input (bad-input.ts).
badInputShare({ share: 1, of: 2 });
