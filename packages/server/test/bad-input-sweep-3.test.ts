import { sweepBadInput } from "./bad-input-sweep.ts";

// Shares 4 and 5 of the bad-input sweep, and the strict pass over startRescore and admin/order/* (bad-input-sweep.ts).
sweepBadInput({ shares: [4, 5], strict: true });
