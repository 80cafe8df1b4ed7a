import { limits } from "@wjgj/core";
import { Modal, Slider } from "antd";
import { type PointerEvent, useEffect, useRef, useState } from "react";

/** The square on screen the picture is moved and zoomed under. */
const VIEW = 240;

interface Crop {
  zoom: number;
  x: number;
  y: number;
}

/** Keeps the picture covering the whole square: no empty edge can end up in the avatar. */
function clamp(crop: Crop, image: HTMLImageElement): Crop {
  const scale = (VIEW / Math.min(image.naturalWidth, image.naturalHeight)) * crop.zoom;
  const minX = VIEW - image.naturalWidth * scale;
  const minY = VIEW - image.naturalHeight * scale;
  return { zoom: crop.zoom, x: Math.min(0, Math.max(minX, crop.x)), y: Math.min(0, Math.max(minY, crop.y)) };
}

function centred(image: HTMLImageElement, zoom: number): Crop {
  const scale = (VIEW / Math.min(image.naturalWidth, image.naturalHeight)) * zoom;
  return { zoom, x: (VIEW - image.naturalWidth * scale) / 2, y: (VIEW - image.naturalHeight * scale) / 2 };
}

/** The chosen square drawn at the stored avatar size, as a JPEG to upload. */
function render(image: HTMLImageElement, crop: Crop): Promise<Blob> {
  const size = limits.avatar.size;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  const scale = (VIEW / Math.min(image.naturalWidth, image.naturalHeight)) * crop.zoom;
  if (context) {
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size, size);
    context.drawImage(image, -crop.x / scale, -crop.y / scale, VIEW / scale, VIEW / scale, 0, 0, size, size);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("头像处理失败，请换一张图片"))),
      "image/jpeg",
      0.9,
    ),
  );
}

/**
 * Square crop in the browser: drag the picture, zoom with the slider; 确定 hands the cropped 256×256 JPEG
 * to `onConfirm` (the server stores it resized either way).
 */
export function AvatarCropModal({
  file,
  saving,
  onCancel,
  onConfirm,
}: {
  file: File | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (image: Blob) => void;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSource(url);
    setImage(null);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const handleLoad = (element: HTMLImageElement) => {
    setImage(element);
    setCrop(centred(element, 1));
  };

  const handleZoom = (zoom: number) => {
    if (!image) return;
    // Zoom about the square's centre, so the part in the middle stays in the middle.
    const ratio = zoom / crop.zoom;
    const centre = VIEW / 2;
    setCrop(
      clamp({ zoom, x: centre - (centre - crop.x) * ratio, y: centre - (centre - crop.y) * ratio }, image),
    );
  };

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !image) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((current) => clamp({ ...current, x: current.x + dx, y: current.y + dy }, image));
  };
  const handlePointerUp = () => {
    drag.current = null;
  };

  const handleOk = async () => {
    if (image) onConfirm(await render(image, crop));
  };

  const scale = image ? (VIEW / Math.min(image.naturalWidth, image.naturalHeight)) * crop.zoom : 1;
  return (
    <Modal
      open={file !== null}
      title="裁剪头像"
      okText="确定"
      cancelText="取消"
      onOk={handleOk}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ disabled: !image, "data-testid": "avatar-crop-ok" } as never}
      width={360}
      destroyOnHidden
    >
      <p className="wj-profile__muted">拖动图片选择要显示的部分，滑块可以缩放。</p>
      <div
        className="wj-avatar-crop"
        style={{ width: VIEW, height: VIEW }}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
        data-testid="avatar-crop"
      >
        {source && (
          <img
            src={source}
            alt="待裁剪的头像"
            draggable={false}
            onLoad={(event) => handleLoad(event.currentTarget)}
            style={
              image
                ? {
                    width: image.naturalWidth * scale,
                    height: image.naturalHeight * scale,
                    transform: `translate(${crop.x}px, ${crop.y}px)`,
                  }
                : { visibility: "hidden" }
            }
          />
        )}
      </div>
      <Slider
        min={1}
        max={3}
        step={0.01}
        value={crop.zoom}
        onChange={handleZoom}
        disabled={!image}
        tooltip={{ open: false }}
        aria-label="缩放"
      />
    </Modal>
  );
}
