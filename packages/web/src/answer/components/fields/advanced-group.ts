import { FileField } from "../advanced/file-field.tsx";
import { RegionField } from "../advanced/region-field.tsx";
import { SignatureField } from "../advanced/signature-field.tsx";
import { Cascader } from "../choice/cascader.tsx";
import type { FieldComponent } from "../field-types.ts";
import { PersonalField } from "../text/personal-field.tsx";

/** The advanced group: registered by the registry's loader (or all.ts) when it is loaded. */
export const advancedFields: Readonly<Record<string, FieldComponent>> = {
  file: FileField,
  signature: SignatureField,
  region: RegionField,
  personal: PersonalField,
  cascader: Cascader,
};
