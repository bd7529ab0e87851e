/** Saves a file made or downloaded in the browser under `name` (the browser's download, no new tab). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a Content-Disposition header, else `fallback`. */
export const dispositionName = (disposition: string | undefined, fallback: string) =>
  /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1] ?? fallback;
