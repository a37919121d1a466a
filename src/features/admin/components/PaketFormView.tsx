import { Button, Fieldset, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import type { AdminPaket, CreatePaketBody, PaketLevel, PaketStatus } from '../../../../contract/paket.ts';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';
import { AdminPage } from './AdminPage.tsx';
import { ErrorState, LoadingState } from './QueryState.tsx';
import { SiapRefusalAlert, type SiapRefusal } from './SiapRefusalAlert.tsx';

/** The package form as typed: durations in minutes on screen, seconds on the wire. */
export interface PaketFormValues {
  nama_paket: string;
  level: PaketLevel;
  harga: number | string;
  menit_listening: number | string;
  menit_written: number | string;
  menit_reading: number | string;
  status: PaketStatus;
}

/** ETS section lengths (DESIGN section 4): 35, 25 and 55 minutes. */
export const DEFAULT_PAKET_VALUES: PaketFormValues = {
  nama_paket: '',
  level: 'itp',
  harga: 0,
  menit_listening: 35,
  menit_written: 25,
  menit_reading: 55,
  status: 'belum',
};

export function paketToValues(p: AdminPaket): PaketFormValues {
  return {
    nama_paket: p.nama_paket,
    level: p.level,
    harga: p.harga,
    menit_listening: Math.round(p.durasi_listening / 60),
    menit_written: Math.round(p.durasi_written / 60),
    menit_reading: Math.round(p.durasi_reading / 60),
    status: p.status,
  };
}

export function valuesToBody(v: PaketFormValues): CreatePaketBody {
  return {
    nama_paket: v.nama_paket.trim(),
    level: v.level,
    harga: Number(v.harga) || 0,
    status: v.status,
    durasi_listening: Number(v.menit_listening) * 60,
    durasi_written: Number(v.menit_written) * 60,
    durasi_reading: Number(v.menit_reading) * 60,
  };
}

const minutes = (v: number | string) => {
  const n = Number(v);
  return v === '' || !Number.isInteger(n) || n < 1 || n > 240 ? t.admin.paket.durasiInvalid : null;
};

export interface PaketFormViewProps {
  mode: 'add' | 'edit';
  /** Edit: the package is still loading, or could not be loaded. */
  status?: 'loading' | 'error' | 'ready';
  loadErrorMessage?: string;
  initialValues?: PaketFormValues;
  isSaving: boolean;
  /** The server refused siap: its message and what is missing; shown until dismissed. */
  refusal?: SiapRefusal | null;
  onDismissRefusal?: () => void;
  onSubmit: (body: CreatePaketBody) => void;
  onCancel: () => void;
}

/** Add and edit package (spec sections 2 and 5): name required, level, price, durations, status. */
export function PaketFormView({
  mode,
  status = 'ready',
  loadErrorMessage,
  initialValues,
  isSaving,
  refusal,
  onDismissRefusal,
  onSubmit,
  onCancel,
}: PaketFormViewProps) {
  const title = mode === 'add' ? t.admin.paket.formAddTitle : t.admin.paket.formEditTitle;
  return (
    <AdminPage title={title}>
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.paket.loadFailed} message={loadErrorMessage ?? t.admin.common.genericError} />
      ) : null}
      {status === 'ready' ? (
        <PaketForm
          initialValues={initialValues ?? DEFAULT_PAKET_VALUES}
          isSaving={isSaving}
          refusal={refusal ? <SiapRefusalAlert refusal={refusal} onDismiss={onDismissRefusal} /> : null}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      ) : null}
    </AdminPage>
  );
}

function PaketForm({
  initialValues,
  isSaving,
  refusal,
  onSubmit,
  onCancel,
}: Pick<PaketFormViewProps, 'isSaving' | 'onSubmit' | 'onCancel'> & { initialValues: PaketFormValues; refusal: ReactNode }) {
  const form = useForm<PaketFormValues>({
    initialValues,
    validate: {
      nama_paket: (v) => (v.trim() === '' ? t.admin.paket.namaRequired : null),
      menit_listening: minutes,
      menit_written: minutes,
      menit_reading: minutes,
    },
  });
  const harga = Number(form.values.harga) || 0;

  return (
    <Paper withBorder p="md" radius="md" maw={720}>
      <form noValidate onSubmit={form.onSubmit((v) => onSubmit(valuesToBody(v)))}>
        <Stack gap="md">
          <TextInput label={t.admin.paket.nama} withAsterisk {...form.getInputProps('nama_paket')} />
          <Radio.Group label={t.admin.paket.level} {...form.getInputProps('level')}>
            <Group gap="lg" mt={6}>
              <Radio value="prediction" label={t.admin.paket.levelPrediction} />
              <Radio value="itp" label={t.admin.paket.levelItp} />
            </Group>
          </Radio.Group>
          <NumberInput
            label={t.admin.paket.harga}
            description={t.admin.paket.hargaHint(formatRupiah(harga))}
            prefix="Rp "
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={0}
            {...form.getInputProps('harga')}
          />
          <Fieldset legend={t.admin.paket.durations}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label={t.admin.paket.durasiListening}
                min={1}
                max={240}
                allowDecimal={false}
                {...form.getInputProps('menit_listening')}
              />
              <NumberInput
                label={t.admin.paket.durasiWritten}
                min={1}
                max={240}
                allowDecimal={false}
                {...form.getInputProps('menit_written')}
              />
              <NumberInput
                label={t.admin.paket.durasiReading}
                min={1}
                max={240}
                allowDecimal={false}
                {...form.getInputProps('menit_reading')}
              />
            </SimpleGrid>
          </Fieldset>
          <Radio.Group label={t.admin.paket.status} description={t.admin.paket.statusHint} {...form.getInputProps('status')}>
            <Group gap="lg" mt={6}>
              <Radio value="belum" label={t.admin.paket.statusBelum} />
              <Radio value="siap" label={t.admin.paket.statusSiap} />
            </Group>
          </Radio.Group>
          {refusal}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              {t.admin.common.cancel}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t.admin.paket.save}
            </Button>
          </Group>
          {isSaving ? (
            <Text size="sm" role="status">
              {t.admin.common.saving}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
