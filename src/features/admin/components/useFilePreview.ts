import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A picked file with a blob URL to preview it before upload. The URL is made when the file is
 * picked and revoked when it is replaced or the component goes away.
 */
export function useFilePreview(): [File | null, string | undefined, (file: File | null) => void] {
  const [picked, setPicked] = useState<{ file: File | null; url?: string }>({ file: null });
  const current = useRef<string | undefined>(undefined);

  const pick = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = file ? URL.createObjectURL(file) : undefined;
    current.current = url;
    setPicked({ file, url });
  }, []);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = undefined;
    },
    [],
  );

  return [picked.file, picked.url, pick];
}
