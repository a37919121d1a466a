import listeningItems from '../../../content/mini-test/listening.json';
import readingData from '../../../content/mini-test/reading.json';
import structureItems from '../../../content/mini-test/structure.json';
import type { MiniSection } from '../../../machines/mini-test.machine.ts';

/*
 * The mini test is built in and static (spec section 3): its items ship inside this lazy chunk and
 * its media come from the server's public /static folder. Answer keys live in the machine.
 */
export const STATIC_BASE = '/static';

export interface MiniItem {
  /** Question text or HTML (structure and written items are HTML). */
  soal: string;
  pilihan: readonly string[];
  /** Structure-and-written items only. */
  type?: 'structure' | 'written';
  /** Listening items only: the clip URL. */
  audio?: string;
  /** Why the key is right (Indonesian), shown in the result's review. */
  pembahasan: string;
}

export const MINI_ITEMS: Readonly<Record<MiniSection, readonly MiniItem[]>> = {
  listening: listeningItems.map((i) => ({
    soal: i.question,
    pilihan: i.pilihan,
    audio: `${STATIC_BASE}/audio/${i.audio}`,
    pembahasan: i.pembahasan,
  })),
  structure: structureItems.map((i) => ({
    soal: i.soal,
    pilihan: i.pilihan,
    type: i.type === 'written' ? 'written' : 'structure',
    pembahasan: i.pembahasan,
  })),
  reading: readingData.items.map((i) => ({ soal: i.soal, pilihan: i.pilihan, pembahasan: i.pembahasan })),
};

export const READING_PASSAGE = {
  title: readingData.passageTitle,
  html: readingData.passageHtml,
  png: `${STATIC_BASE}/images/mini-reading.png`,
  webp: `${STATIC_BASE}/images/mini-reading.webp`,
};

export const MINI_PATHS = {
  listening: '/listening',
  structure: '/structure',
  reading: '/reading',
  finished: '/finish',
} as const;
