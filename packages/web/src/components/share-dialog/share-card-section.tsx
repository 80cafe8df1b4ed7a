import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { type ShareCard, shareFallbackDescription } from "@wjgj/core";
import { App, Button, Input, Upload } from "antd";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/errors.ts";
import { questionaryApi, questionaryKeys, useUpdateQuestionarySetMutation } from "../../api/questionary.ts";
import { Section } from "./section.tsx";

const EMPTY: ShareCard = { title: "", description: "", image: "" };

/**
 * 分享设置: the card a link to the questionnaire shows in WeChat (分享给朋友 / 朋友圈) and other link previews —
 * title, description and picture, each falling back to the questionnaire's own (shown as the placeholder).
 */
/** `noun`: what the questionnaire is called (问卷, 考试…), for the fallbacks the hints name. */
export function ShareCardSection({ id, title, noun }: { id: number; title: string; noun: string }) {
  const { message } = App.useApp();
  // Silent: a viewer who may not read the settings just does not get this section.
  const settings = useQuery({
    queryKey: questionaryKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal, silent: true }),
  });
  // The 问卷说明 a card without a description of its own shows: the draft's, which the published card matches
  // from the next 发布 on. Asked only when the section shows, under a key of its own: a refetch under the
  // detail's key would reload the designer's draft (it owns that entry) and close this dialog with it.
  const detail = useQuery({
    queryKey: [...questionaryKeys.detail(id), "shareFallback"],
    queryFn: ({ signal }) => questionaryApi.getQuestionaryDetail(id, { signal, silent: true }),
    enabled: Boolean(settings.data?.share),
    select: (data) => data.definition.description ?? "",
  });
  const update = useUpdateQuestionarySetMutation();
  const [card, setCard] = useState<ShareCard>(EMPTY);
  const [uploading, setUploading] = useState(false);
  const saved = settings.data?.share;
  useEffect(() => {
    if (saved) setCard({ ...EMPTY, ...saved });
  }, [saved]);

  const fallbackImage = settings.data?.headerImage ?? "";
  const shown = {
    title: card.title || title,
    description:
      card.description || (detail.data === undefined ? "" : shareFallbackDescription(detail.data, title)),
    image: card.image || fallbackImage,
  };
  const changed = JSON.stringify(card) !== JSON.stringify({ ...EMPTY, ...saved });

  const handleUpload = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await questionaryApi.uploadQuestionnaireImage(id, "shareImage", file);
      setCard((current) => ({ ...current, image: uploaded.url }));
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : "图片上传失败，请稍后重试");
    } finally {
      setUploading(false);
    }
    return false;
  };

  const handleSave = async () => {
    try {
      await update.mutateAsync({ id, settings: { share: card } });
      void message.success("分享设置已保存");
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
    }
  };

  if (settings.isError || (settings.data && !settings.data.share)) return null;
  return (
    <Section title="分享设置">
      <div className="wj-share__card-form" data-testid="share-card-form">
        <div className="wj-share__card-fields">
          <Input
            aria-label="分享标题"
            placeholder={`分享标题（默认：${title}）`}
            maxLength={64}
            showCount
            value={card.title}
            onChange={(event) => setCard({ ...card, title: event.target.value })}
          />
          <Input.TextArea
            aria-label="分享描述"
            placeholder={`分享描述（默认使用${noun}说明）`}
            maxLength={120}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            value={card.description}
            onChange={(event) => setCard({ ...card, description: event.target.value })}
          />
          <div className="wj-share__card-actions">
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              beforeUpload={handleUpload}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {card.image ? "更换分享图片" : "上传分享图片"}
              </Button>
            </Upload>
            {card.image && (
              <Button icon={<DeleteOutlined />} onClick={() => setCard({ ...card, image: "" })}>
                使用默认图片
              </Button>
            )}
            <Button type="primary" disabled={!changed} loading={update.isPending} onClick={handleSave}>
              保存分享设置
            </Button>
          </div>
        </div>
        <figure className="wj-share__card-preview" data-testid="share-card-preview">
          <figcaption>微信卡片预览</figcaption>
          <strong>{shown.title}</strong>
          <div className="wj-share__card-body">
            <span>{shown.description}</span>
            {shown.image ? <img src={shown.image} alt="" width={48} height={48} /> : <i aria-hidden="true" />}
          </div>
        </figure>
      </div>
      <p className="wj-share__hint">
        在微信中分享给朋友、分享到朋友圈时显示；不填则使用{noun}标题、说明和页眉图片。
      </p>
    </Section>
  );
}
