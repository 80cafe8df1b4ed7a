/** 文本分析 (issue #35): a questionnaire's dictionary; each list is its words joined by "\n". */
export interface TextDictionariesTable {
  questionnaireId: number;
  /** Words segmentation keeps whole (product names, jargon). */
  words: string;
  /** Words left out of frequencies, keywords and the cloud, besides the built-in list. */
  stopWords: string;
  updatedAt: string;
}
