import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Input, Space, Upload } from "antd";
import { useState } from "react";
import { useApiError } from "../../hooks/use-api-error.ts";
import "./image-field.css";

export interface ImageFieldProps {
  /** Form.Item passes these. */
  value?: string;
  onChange?: (value: string) => void;
  /** Stores the chosen file and answers its address (upload/upload with the questionnaire's purpose). */
  upload: (file: File) => Promise<{ url: string }>;
  /** What the picture is, for the preview's alt text and the buttons' labels (页眉图片, 奖品图片). */
  name: string;
  testId?: string;
  disabled?: boolean;
}

/**
 * A picture of the questionnaire's own (页眉图片, 奖品图片): uploaded from the computer or, for an image hosted
 * elsewhere, its address; with a preview and a way to remove it. The server checks the file by its content.
 */
export function ImageField({ value = "", onChange, upload, name, testId, disabled }: ImageFieldProps) {
  const showError = useApiError();
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File) => {
    setUploading(true);
    try {
      onChange?.((await upload(file)).url);
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="wj-image-field" data-testid={testId}>
      {value && <img className="wj-image-field__preview" src={value} alt={`${name}预览`} />}
      <Space.Compact block>
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void handleFile(file);
            // The request is ours (handleFile), not antd's default XHR.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
            {value ? "更换图片" : "上传图片"}
          </Button>
        </Upload>
        {value && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => onChange?.("")}
            aria-label={`移除${name}`}
            disabled={disabled}
          />
        )}
      </Space.Compact>
      <Input
        className="wj-image-field__url"
        aria-label={`${name}地址`}
        placeholder="或填写图片地址 https://"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <p className="wj-image-field__hint">支持 PNG、JPG、GIF、WebP，不超过 2MB</p>
    </div>
  );
}
