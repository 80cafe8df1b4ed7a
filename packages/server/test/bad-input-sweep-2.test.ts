import { sweepBadInput } from "./bad-input-sweep.ts";

// Shares 2 and 3 of the bad-input sweep, and the sample-service calls parameter by parameter (bad-input-sweep.ts).
sweepBadInput({ shares: [2, 3], sampleService: true });
