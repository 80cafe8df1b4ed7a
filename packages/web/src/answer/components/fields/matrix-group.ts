import type { FieldComponent } from "../field-types.ts";
import {
  MatrixDropdownField,
  MatrixFillField,
  MatrixMultipleField,
  MatrixScaleField,
  MatrixSingleField,
} from "../matrix/matrix-fields.tsx";
import { TableField } from "../matrix/table-field.tsx";

/** The matrix group: registered by the registry's loader (or all.ts) when it is loaded. */
export const matrixFields: Readonly<Record<string, FieldComponent>> = {
  matrixSingle: MatrixSingleField,
  matrixMultiple: MatrixMultipleField,
  matrixFill: MatrixFillField,
  matrixScale: MatrixScaleField,
  matrixDropdown: MatrixDropdownField,
  table: TableField,
};
