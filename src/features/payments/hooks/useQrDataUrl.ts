import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Big enough to scan from another phone's screen, small enough for a gallery picture. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, width: 480 } as const;

/**
 * The order's QRIS payload drawn as a PNG data URL (the same picture is shown and saved).
 * undefined while drawing; null when there is nothing to draw or it cannot be drawn.
 */
export function useQrDataUrl(payload: string | null | undefined): string | null | undefined {
  const [drawn, setDrawn] = useState<{ payload: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!payload) return;
    let live = true;
    QRCode.toDataURL(payload, QR_OPTIONS).then(
      (url) => live && setDrawn({ payload, url }),
      () => live && setDrawn({ payload, url: null }),
    );
    return () => {
      live = false;
    };
  }, [payload]);
  if (!payload) return null;
  return drawn?.payload === payload ? drawn.url : undefined;
}
