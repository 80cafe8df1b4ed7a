/**
 * What proves to the reward calls that this browser sent the response: its id and the submission's idempotency
 * key, both from the submit reply. The draw, the winner form, red packets and 答题空间 points send it back.
 */
export interface ResponseProof {
  responseId: number;
  idempotencyKey: string;
}
