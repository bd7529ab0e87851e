import { http } from '@lager/shared';
import { useState } from 'react';
import { dispositionName, saveFile } from './save-file';

/**
 * Downloads a CSV of the API with the app's client rather than a plain link: it sends the app's
 * language, which picks the separator (`;` for German Excel) and the texts of the file. `busy`
 * disables the button meanwhile; `failed` says the last try did not work.
 */
export function useCsvDownload(path: string, fallbackName: string) {
  return useDownload(path, fallbackName, 'text/csv');
}

/** A file of the API (a CSV, a PDF) saved by the browser, asked for in the app's language; see useCsvDownload. */
export function useDownload(path: string, fallbackName: string, accept: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (params: object = {}) => {
    setBusy(true);
    setFailed(false);
    try {
      const response = await http.get<Blob>(path, { params, responseType: 'blob', headers: { Accept: accept } });
      saveFile(
        response.data,
        dispositionName(response.headers['content-disposition'] as string | undefined, fallbackName),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, download };
}
