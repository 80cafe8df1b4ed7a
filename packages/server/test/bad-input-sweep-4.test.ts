import { sweepBadInput } from "./bad-input-sweep.ts";

// Shares 6 and 7 of the bad-input sweep (bad-input-sweep.ts).
sweepBadInput({ shares: [6, 7] });
