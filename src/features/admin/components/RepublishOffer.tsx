import { Alert, Button, Group, Text } from '@mantine/core';
import { t } from '../../../i18n/id.ts';

export interface RepublishOfferProps {
  namaPaket: string | undefined;
  loading?: boolean;
  onRepublish: () => void;
}

/** Shown when a package that went back to belum is complete again: publishing stays the admin's choice. */
export function RepublishOffer({ namaPaket, loading, onRepublish }: RepublishOfferProps) {
  return (
    <Alert color="green" title={t.admin.paket.republishTitle}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t.admin.paket.republishText(namaPaket ?? t.admin.paket.title)}</Text>
        <Button size="xs" color="green" loading={loading} onClick={onRepublish}>
          {t.admin.paket.republish}
        </Button>
      </Group>
    </Alert>
  );
}
