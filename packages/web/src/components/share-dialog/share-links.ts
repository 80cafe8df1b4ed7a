/** The respondent link of a questionnaire: /r/{publicId} on this site. */
export function answerUrl(origin: string, publicId: string): string {
  return `${origin.replace(/\/+$/, "")}/r/${encodeURIComponent(publicId)}`;
}

export type PreviewDevice = "pc" | "phone";

/** Preview as a respondent on a PC or in a phone frame (answers are not counted). */
export function previewUrl(origin: string, publicId: string, device: PreviewDevice): string {
  return `${origin.replace(/\/+$/, "")}/y/${encodeURIComponent(publicId)}/${device}`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An iframe snippet for embedding the questionnaire in another web page. */
export function embedSnippet(url: string, title: string, height = 800): string {
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="100%" height="${height}" frameborder="0" style="border:0;max-width:100%" allow="clipboard-write"></iframe>`;
}

/** A file name for the downloaded QR code: the title without characters file systems refuse. */
export function qrFileName(title: string): string {
  const safe = title
    .replace(/<[^>]*>/g, "")
    .replace(/[\\/:*?"<>|\s]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return `${safe || "问卷"}-二维码.png`;
}
