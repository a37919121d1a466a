import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Completeness } from '../../../../contract/paket.ts';
import type { SoalSection } from '../../../../contract/soal.ts';
import { t } from '../../../i18n/id.ts';
import { partQuestionCount } from '../../../../machines/exam-layout.ts';
import { SECTIONS } from '../admin-content.rules.ts';
import { AdminPage } from './AdminPage.tsx';
import { RepublishOffer } from './RepublishOffer.tsx';
import { SiapRefusalAlert, type SiapRefusal } from './SiapRefusalAlert.tsx';

export interface SectionChooserViewProps {
  namaPaket: string | undefined;
  /** Counts per section, once the package has loaded. */
  completeness?: Completeness;
  onChoose: (section: SoalSection) => void;
  onBack: () => void;
  /** The package is complete again but belum: offer to publish it. */
  onRepublish?: (() => void) | undefined;
  republishing?: boolean;
  /** 'Tandai siap' was refused: the server's message and the missing numbers, until dismissed. */
  siapRefusal?: SiapRefusal | null;
  onDismissRefusal?: () => void;
  /** Opens the package's item statistics. */
  onStats?: () => void;
  /** The package's import and export panel, below the sections. */
  bankTools?: ReactNode;
}

/** add-soal/{paketId}: Listening, Structure, Written Expression, Reading, each to its question list. */
export function SectionChooserView({
  namaPaket,
  completeness,
  onChoose,
  onBack,
  onRepublish,
  republishing,
  siapRefusal,
  onDismissRefusal,
  onStats,
  bankTools,
}: SectionChooserViewProps) {
  return (
    <AdminPage
      title={namaPaket ? `${t.admin.chooser.title} — ${namaPaket}` : t.admin.chooser.title}
      actions={
        <>
          {onStats ? (
            <Button variant="outline" onClick={onStats}>
              {t.itemStats.open}
            </Button>
          ) : null}
          <Button variant="default" onClick={onBack}>
            {t.admin.common.back}
          </Button>
        </>
      }
    >
      {onRepublish ? <RepublishOffer namaPaket={namaPaket} loading={republishing} onRepublish={onRepublish} /> : null}
      {siapRefusal ? <SiapRefusalAlert refusal={siapRefusal} onDismiss={onDismissRefusal} /> : null}
      <Text>{t.admin.chooser.lead}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {SECTIONS.map((s) => (
          <Card key={s} withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Text fw={700} size="lg">
                {t.admin.sections[s]}
              </Text>
              {completeness ? <Text size="sm">{t.admin.chooser.count(completeness[s], partQuestionCount(s))}</Text> : null}
              <Group>
                <Button onClick={() => onChoose(s)} aria-label={`${t.admin.sections[s]}`}>
                  {t.admin.sections[s]}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {bankTools}
    </AdminPage>
  );
}
