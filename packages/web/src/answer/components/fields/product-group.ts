import type { FieldComponent } from "../field-types.ts";
import { ProductField } from "../product/product-field.tsx";

/** 商品 (issue #41): its own chunk, so questionnaires that sell nothing download none of it. */
export const productFields: Readonly<Record<string, FieldComponent>> = {
  product: ProductField,
};
