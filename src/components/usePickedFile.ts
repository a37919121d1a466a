import { useCallback, useEffect, useRef, useState } from 'react';

/** A file chosen for upload with a blob URL for its preview. */
export interface PickedFile {
  file: File;
  previewUrl: string;
}

/**
 * Holds the picked file and its preview URL; the URL is made when a file is picked and revoked
 * when another is picked, the pick is cleared, or the screen goes away.
 */
export function usePickedFile(): [PickedFile | null, (file: File | null) => void] {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const current = useRef<PickedFile | null>(null);
  const pick = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    current.current = file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    setPicked(current.current);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.previewUrl);
      current.current = null;
    },
    [],
  );
  return [picked, pick];
}
