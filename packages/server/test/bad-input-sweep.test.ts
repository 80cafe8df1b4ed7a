import { sweepBadInput } from "./bad-input-sweep.ts";

// Shares 0 and 1 of the bad-input sweep, and the oversized URL on the wire (bad-input-sweep.ts).
sweepBadInput({ shares: [0, 1], wire: true });
