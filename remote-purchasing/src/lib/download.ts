import { http } from '@lager/shared';
import { useState } from 'react';

/** Opens a PDF of the API (the session cookie goes along) as a download; `busy` and `failed` for the button. */
export function usePdfDownload() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return {
    busy,
    failed,
    async download(path: string, name: string) {
      setBusy(true);
      setFailed(false);
      try {
        const { data } = await http.get<Blob>(path, { responseType: 'blob', headers: { Accept: 'application/pdf' } });
        const url = URL.createObjectURL(data);
        const link = document.createElement('a');
        link.href = url;
        link.download = name;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    },
  };
}
