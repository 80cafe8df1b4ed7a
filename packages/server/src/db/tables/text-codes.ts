import type { Generated } from "kysely";

/** 编码 (issue #35): a code of one question's open answers; keywords joined by "\n". */
export interface TextCodesTable {
  id: Generated<number>;
  questionnaireId: number;
  questionId: string;
  name: string;
  keywords: string;
  createdAt: string;
  /** Moves with every change of the code or its tags: the analysis columns of codes are read again. */
  updatedAt: string;
}

/** An answer tagged by hand: into the code (1) or out of it although a keyword matches (0). */
export interface TextCodeTagsTable {
  codeId: number;
  responseId: number;
  included: number;
}

/** One keyword of a code, Latin capitals folded (`lowerLatin`), for 筛选 in SQL. */
export interface TextCodeKeywordsTable {
  codeId: number;
  keyword: string;
}
