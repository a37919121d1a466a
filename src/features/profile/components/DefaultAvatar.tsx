/** The default profile picture: a neutral head-and-shoulders figure (no external image). */
export function DefaultAvatar({ size = 128, label }: { size?: number; label: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 128 128" role="img" aria-label={label}>
      <circle cx="64" cy="64" r="64" fill="#d0ebff" />
      <circle cx="64" cy="50" r="22" fill="#1864ab" />
      <path d="M22 112c4-22 22-36 42-36s38 14 42 36a64 64 0 0 1-84 0z" fill="#1864ab" />
    </svg>
  );
}
