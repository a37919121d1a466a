import { useEffect, useState, type RefObject } from 'react';

/** Spec section 9: testimonials move 1 px every 30 ms, only on screens wider than 768 px. */
export const AUTO_SCROLL_STEP_MS = 30;
export const AUTO_SCROLL_MIN_WIDTH_QUERY = '(min-width: 769px)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Starts false, as the page prerendered at build time does (no window there), and updates after hydration. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

export interface AutoScrollState {
  /** Whether the columns are moving right now. */
  running: boolean;
  /** Whether this screen allows motion at all (wide enough, no reduced-motion preference). */
  allowed: boolean;
}

/**
 * Moves each column down 1 px per step while the section is on screen. The columns hold their
 * cards twice, so jumping back by half the height when half is passed loops without a seam.
 * Off-screen, on narrow screens, with reduced motion or when paused by the user nothing runs.
 */
export function useAutoScroll(
  section: RefObject<Element | null>,
  columns: RefObject<(HTMLElement | null)[]>,
  paused: boolean,
): AutoScrollState {
  const wide = useMediaQuery(AUTO_SCROLL_MIN_WIDTH_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const inView = useInView(section);
  const allowed = wide && !reducedMotion;
  const running = allowed && inView && !paused;

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      for (const col of columns.current ?? []) {
        if (!col) continue;
        const half = col.scrollHeight / 2;
        if (half <= col.clientHeight) continue;
        col.scrollTop = col.scrollTop + 1 >= half ? col.scrollTop + 1 - half : col.scrollTop + 1;
      }
    }, AUTO_SCROLL_STEP_MS);
    return () => window.clearInterval(id);
  }, [running, columns]);

  return { running, allowed };
}
