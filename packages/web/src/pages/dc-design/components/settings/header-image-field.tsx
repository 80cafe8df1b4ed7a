import { questionaryApi } from "../../../../api/questionary.ts";
import { ImageField } from "../../../../components/image-field/index.tsx";
import { useEditor } from "../../store/use-editor.ts";

interface HeaderImageFieldProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** 页眉图片: uploaded from the computer (or, for an image hosted elsewhere, its address), with a preview. */
export function HeaderImageField({ value, onChange }: HeaderImageFieldProps) {
  const id = useEditor((state) => state.meta?.id ?? 0);
  return (
    <ImageField
      value={value}
      onChange={onChange}
      upload={(file) => questionaryApi.uploadQuestionnaireImage(id, "headerImage", file)}
      name="页眉图片"
      testId="header-image-field"
    />
  );
}
