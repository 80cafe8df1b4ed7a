import { useResults } from "../../hooks/results-context.ts";
import { CandidatesPanel } from "./candidates-panel.tsx";
import { LivePanel } from "./live-panel.tsx";
import "./invigilation.css";

/** 监考 (exams): who is answering now, with their timelines, and the 考生名单. */
export function InvigilationTab() {
  const { id, questionary } = useResults();
  return (
    <div className="wj-result__stack wj-invigilation" data-testid="invigilation-tab">
      <LivePanel id={id} />
      <CandidatesPanel id={id} listOn={questionary.settings.examGuard?.candidatesOnly === true} />
    </div>
  );
}
