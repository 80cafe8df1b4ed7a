import type { ResponseProof } from "./response-proof.ts";
import RewardsPanel from "./rewards-panel.tsx";
import SpacePoints from "./space-points.tsx";

/**
 * What the thank-you screen adds after some submits, as one chunk of its own (the answer page's size budget):
 * the draw and red packets when the reply says the questionnaire offers them, and the answer space's points when
 * the respondent came from the space.
 */
export default function AfterSubmit(props: { proof: ResponseProof; rewards: boolean; space: boolean }) {
  return (
    <>
      {props.rewards ? <RewardsPanel proof={props.proof} /> : null}
      {props.space ? <SpacePoints proof={props.proof} /> : null}
    </>
  );
}
