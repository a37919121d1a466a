import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PaketEditScreen } from '../../src/features/admin/components/PaketFormScreen.tsx';
import { PaketListScreen } from '../../src/features/admin/components/PaketListScreen.tsx';
import { EditReadingScreen } from '../../src/features/admin/components/QuestionFormScreen.tsx';
import { SectionChooserScreen } from '../../src/features/admin/components/SectionChooserScreen.tsx';
import {
  ListeningListScreen,
  ReadingListScreen,
  StructureListScreen,
  WrittenListScreen,
} from '../../src/features/admin/components/SoalListScreen.tsx';
import { LocationProbe } from './LocationProbe.tsx';

/** The real screen, with the probe kept for play functions but out of sight. */
const shown = (screen: ReactNode) => (
  <>
    <VisuallyHidden>
      <LocationProbe />
    </VisuallyHidden>
    {screen}
  </>
);

/**
 * Where an admin story's action leads (a save goes back to the list, 'Tambah Soal' opens the
 * section chooser): the real question-bank screen the admin would see, fed by the story's MSW
 * handlers (`adminContentHandlers.destinations()`). Any other path shows the bare probe.
 */
export function AdminDestination() {
  return (
    <Routes>
      <Route path="admin/soal-simulasi" element={shown(<PaketListScreen />)} />
      <Route path="admin/soal-simulasi/edit/:id" element={shown(<PaketEditScreen />)} />
      <Route path="admin/soal-simulasi/add-soal/:paketId" element={shown(<SectionChooserScreen />)} />
      <Route path="admin/soal-simulasi/soal-listening/:paketId" element={shown(<ListeningListScreen />)} />
      <Route path="admin/soal-simulasi/soal-structure/:paketId" element={shown(<StructureListScreen />)} />
      <Route path="admin/soal-simulasi/soal-written/:paketId" element={shown(<WrittenListScreen />)} />
      <Route path="admin/soal-simulasi/soal-reading/:paketId" element={shown(<ReadingListScreen />)} />
      <Route path="admin/soal-simulasi/edit-soal-reading/:soalId" element={shown(<EditReadingScreen />)} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}
