import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Input, Space, Upload } from "antd";
import { useState } from "react";
import { questionaryApi } from "../../../../api/questionary.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { useEditor } from "../../store/use-editor.ts";

interface HeaderImageFieldProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** 页眉图片: uploaded from the computer (or, for an image hosted elsewhere, its address), with a preview. */
export function HeaderImageField({ value = "", onChange }: HeaderImageFieldProps) {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const showError = useApiError();
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await questionaryApi.uploadHeaderImage(id, file);
      onChange?.(uploaded.url);
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="dd-header-image" data-testid="header-image-field">
      {value && <img className="dd-header-image__preview" src={value} alt="页眉图片预览" />}
      <Space.Compact block>
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            // The request is ours (handleFile), not antd's default XHR.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {value ? "更换图片" : "上传图片"}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.("")} aria-label="移除页眉图片" />
        )}
      </Space.Compact>
      <Input
        className="dd-header-image__url"
        aria-label="页眉图片地址"
        placeholder="或填写图片地址 https://"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <p className="dd-hint">支持 PNG、JPG、GIF、WebP，不超过 2MB，建议宽度 750 像素以上</p>
    </div>
  );
}
