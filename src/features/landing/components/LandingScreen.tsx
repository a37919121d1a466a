import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { retrying } from '../../../lib/lazy-retry.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { useStoreReady } from '../../../lib/store-ready.ts';
import { LANDING_SECTIONS, scrollToSection, type LandingSection } from '../sections.ts';
import { LandingView } from './LandingView.tsx';

const isSection = (id: string): id is LandingSection => (LANDING_SECTIONS as readonly string[]).includes(id);

/*
 * The public site settings' query (RTK Query) is not part of the page's first download (decision
 * 026): the page hydrates with the chat links hidden, as it was prerendered, and shows them once
 * the store's code and this query have answered.
 */
const siteApiCode = onDemand(retrying(() => import('../api/site.api.ts')));

/** Asks for the public site settings and hands on the messaging contact (renders nothing). */
function SiteContact({ onContact }: { onContact: (whatsapp: string | null) => void }) {
  const { useGetSiteQuery } = siteApiCode.useLoaded();
  const whatsapp = useGetSiteQuery().data?.adminWhatsapp ?? null;
  useEffect(() => onContact(whatsapp), [whatsapp, onContact]);
  return null;
}

/** The landing page: binds the public site settings; without them the chat links stay hidden. */
export function LandingScreen() {
  useDocumentTitle(t.app.name);
  const { hash } = useLocation();
  const storeReady = useStoreReady();
  const [siteCodeIn, setSiteCodeIn] = useState(false);
  const [whatsapp, setWhatsapp] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    storeReady()
      .then(siteApiCode.load)
      .then(
        () => live && setSiteCodeIn(true),
        // Offline even after retries: the page stays without chat links, as when the query fails.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [storeReady]);

  // Arriving from elsewhere at /#fasilitas: the section exists only now, after the lazy page rendered.
  useEffect(() => {
    const id = hash.replace(/^#/, '');
    if (isSection(id)) scrollToSection(id);
  }, [hash]);

  return (
    <>
      {siteCodeIn ? <SiteContact onContact={setWhatsapp} /> : null}
      <LandingView whatsapp={whatsapp} />
    </>
  );
}
