/**
 * Saves `text` as a file named `fileName` through the browser's download (a Blob URL, so no server round
 * trip and nothing the page's Content-Security-Policy forbids). Must run in a click handler.
 */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy of the data once started; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
