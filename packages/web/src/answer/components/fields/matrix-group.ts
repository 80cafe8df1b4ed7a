import {
  MatrixDropdownField,
  MatrixFillField,
  MatrixMultipleField,
  MatrixScaleField,
  MatrixSingleField,
} from "../matrix/matrix-fields.tsx";
import { TableField } from "../matrix/table-field.tsx";
import { registerFields } from "./registry.ts";

registerFields({
  matrixSingle: MatrixSingleField,
  matrixMultiple: MatrixMultipleField,
  matrixFill: MatrixFillField,
  matrixScale: MatrixScaleField,
  matrixDropdown: MatrixDropdownField,
  table: TableField,
});
