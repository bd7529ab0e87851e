import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import './i18n';

interface DetectedCode {
  rawValue: string;
}
interface Detector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

/** The browser's BarcodeDetector where it exists (Chrome on Android, …); elsewhere there is no camera path. */
const barcodeDetector = (): DetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** A camera button that reads one code and hands it over; rendered only where the browser can detect codes. */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(NS);
  const [active, setActive] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = barcodeDetector();

  useEffect(() => {
    if (!active || !Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] });
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue) {
          onCode(code.rawValue);
          setActive(false);
          return;
        }
      } catch {
        // A frame that could not be read: try the next one.
      }
      timer = setTimeout(scan, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => {
        setFailed(true);
        setActive(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [active, Detector, onCode]);

  if (!Detector) return null;
  return (
    <div className="stock-camera">
      <button type="button" className="secondary" aria-pressed={active} onClick={() => setActive(!active)}>
        {active ? t('quick.cameraStop') : t('quick.camera')}
      </button>
      {failed && <small className="field-error">{t('quick.cameraFailed')}</small>}
      {active && <video ref={video} muted playsInline aria-label={t('quick.cameraView')} />}
    </div>
  );
}
