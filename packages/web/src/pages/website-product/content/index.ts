import type { ProductContent, ProductSlug } from "../product-content.ts";
import { collectionProduct } from "./collection.ts";
import { examProduct } from "./exam.ts";
import { knowledgeProduct } from "./knowledge.ts";
import { privateProduct } from "./private.ts";
import { searchProduct } from "./search.ts";
import { satisfactionProduct } from "./survey.ts";
import { voteProduct } from "./vote.ts";

/** Every product page's content, by the last segment of its path (/website/product/{slug}). */
export const productContent: Record<ProductSlug, ProductContent> = {
  search: searchProduct,
  exam: examProduct,
  collection: collectionProduct,
  vote: voteProduct,
  survey: satisfactionProduct,
  knowledge: knowledgeProduct,
  private: privateProduct,
};
