/**
 * A multipart/form-data body with one file (in the field `file` unless told otherwise) and any
 * text fields, as a browser sends it: spread into `app.inject` or the test API's request.
 */
export function multipart(
  fileName: string,
  content: Buffer | string,
  field = 'file',
  /** Text fields sent before the file (a certificate's password). */
  texts: Record<string, string> = {},
) {
  const boundary = `----fabril${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    ...Object.entries(texts).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
