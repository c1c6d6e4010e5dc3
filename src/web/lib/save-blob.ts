/**
 * Saves `blob` as a file named `name`: handed to a temporary link, since a plain link could not
 * carry the Authorization header (a download) nor point at what the page already holds (an XML
 * that came inside a JSON answer).
 */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
