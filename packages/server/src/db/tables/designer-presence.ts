/** Who has a questionnaire open in the designer, as of their last heartbeat. */
export interface DesignerPresenceTable {
  questionnaireId: number;
  userId: number;
  seenAt: string;
}
