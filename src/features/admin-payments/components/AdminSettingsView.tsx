import { Alert, Button, Center, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { ReactNode } from 'react';
import { UPLOAD_RULES } from '../../../../contract/uploads.ts';
import { t } from '../../../i18n/id.ts';

/** The server's rule for the payment QR (contract/uploads.ts). */
export const QR_ACCEPT = [...UPLOAD_RULES.qr.types];
export const QR_MAX_BYTES = UPLOAD_RULES.qr.maxBytes;

export interface AdminSettingsViewProps {
  /** The exact-amount QRIS section (its own container), above the static QR image. */
  qris?: ReactNode;
  /** undefined while loading; null when none is set. */
  currentUrl: string | null | undefined;
  isLoading: boolean;
  loadError: string | null;
  previewUrl: string | undefined;
  fileName: string | undefined;
  onPick: (file: File) => void;
  onReject: () => void;
  fieldError: string | null;
  isSaving: boolean;
  onSave: () => void;
}

/** /admin/settings: the QR-payment image participants see on /bayar, with a preview of the new one. */
export function AdminSettingsView(props: AdminSettingsViewProps) {
  let current;
  if (props.isLoading) {
    current = (
      <Center h={160} role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">{t.adminSettings.loading}</Text>
        </Stack>
      </Center>
    );
  } else if (props.loadError !== null) {
    current = (
      <Alert color="red" title={t.adminSettings.loadFailed} role="alert">
        {props.loadError}
      </Alert>
    );
  } else if (props.currentUrl) {
    current = <Image src={props.currentUrl} alt={t.adminSettings.qrAlt} maw={280} fit="contain" radius="sm" />;
  } else {
    current = <Text>{t.adminSettings.none}</Text>;
  }

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {t.adminSettings.title}
      </Title>
      {props.qris}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="qr-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="qr-title">
              {t.adminSettings.qrTitle}
            </Title>
            <Text size="sm">{t.adminSettings.qrLead}</Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t.adminSettings.current}
              </Text>
              {current}
            </Stack>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                props.onSave();
              }}
            >
              <Stack gap="sm">
                <Dropzone
                  onDrop={(files) => files[0] && props.onPick(files[0])}
                  onReject={props.onReject}
                  accept={QR_ACCEPT}
                  maxSize={QR_MAX_BYTES}
                  multiple={false}
                  disabled={props.isSaving}
                  aria-label={t.adminSettings.dropTitle}
                  p="md"
                >
                  {props.previewUrl ? (
                    <Stack align="center" gap="xs" style={{ pointerEvents: 'none' }}>
                      <Image src={props.previewUrl} alt={t.adminSettings.previewAlt} mah={240} w="auto" fit="contain" />
                      <Text size="sm">{props.fileName}</Text>
                    </Stack>
                  ) : (
                    <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
                      <Text fw={600} ta="center">
                        {t.adminSettings.dropTitle}
                      </Text>
                      <Text size="sm" ta="center">
                        {t.adminSettings.dropHint}
                      </Text>
                    </Stack>
                  )}
                </Dropzone>
                {props.fieldError ? (
                  <Text c="red.8" size="sm" role="alert">
                    {props.fieldError}
                  </Text>
                ) : null}
                <Button type="submit" loading={props.isSaving}>
                  {t.adminSettings.save}
                </Button>
              </Stack>
            </form>
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
