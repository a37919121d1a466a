import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { useGetSiteQuery } from '../api/site.api.ts';
import { LANDING_SECTIONS, scrollToSection, type LandingSection } from '../sections.ts';
import { LandingView } from './LandingView.tsx';

const isSection = (id: string): id is LandingSection => (LANDING_SECTIONS as readonly string[]).includes(id);

/** The landing page: binds the public site settings; without them the chat links stay hidden. */
export function LandingScreen() {
  useDocumentTitle(t.app.name);
  const { data } = useGetSiteQuery();
  const { hash } = useLocation();

  // Arriving from elsewhere at /#fasilitas: the section exists only now, after the lazy page rendered.
  useEffect(() => {
    const id = hash.replace(/^#/, '');
    if (isSection(id)) scrollToSection(id);
  }, [hash]);

  return <LandingView whatsapp={data?.adminWhatsapp ?? null} />;
}
