import { FileField } from "../advanced/file-field.tsx";
import { RegionField } from "../advanced/region-field.tsx";
import { SignatureField } from "../advanced/signature-field.tsx";
import { Cascader } from "../choice/cascader.tsx";
import { PersonalField } from "../text/personal-field.tsx";
import { registerFields } from "./registry.ts";

registerFields({
  file: FileField,
  signature: SignatureField,
  region: RegionField,
  personal: PersonalField,
  cascader: Cascader,
});
