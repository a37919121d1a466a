import { Alert, Button, Center, Code, Divider, FileInput, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { QrisSetting } from '../../../../contract/payments.ts';
import { t } from '../../../i18n/id.ts';

/** The server reads PNG and JPEG only (WebP cannot be decoded there). */
export const QRIS_IMAGE_ACCEPT = 'image/png,image/jpeg';

export interface QrisSettingViewProps {
  setting: QrisSetting | undefined;
  isLoading: boolean;
  loadError: string | null;
  payload: string;
  onPayloadChange: (payload: string) => void;
  /** The field's own message (empty payload). */
  payloadError: string | null;
  onSavePayload: () => void;
  image: File | null;
  onImageChange: (file: File | null) => void;
  imageError: string | null;
  onSaveImage: () => void;
  /** Which save is running. */
  saving: 'payload' | 'image' | null;
  /** The server's refusal of the last save (bad CRC, not a static QRIS, unreadable picture). */
  refusal: string | null;
  /** Asks first, then removes the stored QRIS. */
  onRemove: () => void;
  removing: boolean;
}

/** /admin/settings: the merchant's static QRIS from which every exact-amount order is drawn. */
export function QrisSettingView(props: QrisSettingViewProps) {
  let current;
  if (props.isLoading) {
    current = (
      <Center h={80} role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden size="sm" />
          <Text size="sm">{t.adminQris.loading}</Text>
        </Stack>
      </Center>
    );
  } else if (props.loadError !== null) {
    current = (
      <Alert color="red" title={t.adminQris.loadFailed} role="alert">
        {props.loadError}
      </Alert>
    );
  } else if (props.setting?.payload) {
    current = (
      <Alert color="green" title={t.adminQris.stored} data-testid="qris-stored">
        <Stack gap={4}>
          {props.setting.merchantName ? (
            <Text size="sm">{t.adminQris.merchant(props.setting.merchantName, props.setting.merchantCity ?? '-')}</Text>
          ) : null}
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {props.setting.payload}
          </Code>
          <Group justify="flex-end">
            <Button
              variant="outline"
              color="red"
              size="xs"
              onClick={props.onRemove}
              loading={props.removing}
              disabled={props.saving !== null}
            >
              {t.adminQris.remove}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    current = <Text size="sm">{t.adminQris.none}</Text>;
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="qris-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="qris-title">
            {t.adminQris.title}
          </Title>
          <Text size="sm">{t.adminQris.lead}</Text>
        </div>
        {current}
        {props.refusal !== null ? (
          <Alert color="red" title={t.adminQris.refusedTitle} role="alert">
            {props.refusal}
          </Alert>
        ) : null}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onSavePayload();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t.adminQris.payloadLabel}
              description={t.adminQris.payloadHint}
              value={props.payload}
              onChange={(e) => props.onPayloadChange(e.currentTarget.value)}
              error={props.payloadError}
              autosize
              minRows={3}
              maxLength={512}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
            />
            <Button type="submit" loading={props.saving === 'payload'} disabled={props.saving === 'image'}>
              {t.adminQris.savePayload}
            </Button>
          </Stack>
        </form>
        <Divider label={t.adminQris.or} labelPosition="center" />
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onSaveImage();
          }}
        >
          <Stack gap="xs">
            <FileInput
              label={t.adminQris.imageLabel}
              description={t.adminQris.imageHint}
              placeholder={t.adminQris.imagePlaceholder}
              accept={QRIS_IMAGE_ACCEPT}
              value={props.image}
              onChange={props.onImageChange}
              error={props.imageError}
              clearable
            />
            <Button type="submit" variant="outline" loading={props.saving === 'image'} disabled={props.saving === 'payload'}>
              {t.adminQris.saveImage}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
