/**
 * Saves bytes made in the page as a download: a Blob behind an object address, clicked through a temporary link
 * that names the file. The address is freed a little later, once the browser has taken the file.
 */
export const saveFile = (content: BlobPart, filename: string, mime: string): void => {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
