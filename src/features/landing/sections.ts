/** The landing page's anchored sections (spec section 2), in page order. */
export const LANDING_SECTIONS = ['daftar', 'fasilitas', 'profile', 'testimoni', 'berlangganan'] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

/** The ten packages of the 'Simulasi TOEFL' menu: A-C at Prediction level, A-G at ITP level. */
export const MENU_PACKAGES = {
  prediction: ['A', 'B', 'C'],
  itp: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
} as const;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls a section into view below the sticky header (CSS scroll-margin-top) and moves keyboard
 * focus there, so the next Tab continues inside the section rather than back in the header.
 */
export function scrollToSection(id: LandingSection): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  return true;
}
