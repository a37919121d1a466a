import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { REASON_MAX_LENGTH } from '../../../../contract/common.ts';
import { EXTEND_MINUTES_MAX, extendBodySchema, reopenBodySchema } from '../../../../contract/accommodations.ts';
import { t } from '../../../i18n/id.ts';

const A = t.adminAttempts;

/** What the dialog acts on: the learner's name, the section's end now (extend), what the dialog asks. */
export interface AttemptAction {
  kind: 'extend' | 'reopen';
  attemptId: number;
  nama: string;
  /** Extend only: the running section's name and its end instant (ISO). */
  section?: string;
  endsAtText?: string;
}

export interface AttemptActionDialogProps {
  action: AttemptAction | null;
  /** The request is on its way (the submit button spins). */
  busy: boolean;
  /** The server's refusal, in its own words (shown in the dialog, which stays open). */
  refusal: string | null;
  onSubmit: (body: { menit?: number; alasan: string }) => void;
  onClose: () => void;
}

/**
 * Extend a running section (minutes and a reason) or reopen an attempt broken by a fault (a reason;
 * once per attempt). The contract's schemas validate the form; the server's refusal stays on
 * screen until the admin closes the dialog or tries again.
 */
export function AttemptActionDialog({ action, busy, refusal, onSubmit, onClose }: AttemptActionDialogProps) {
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      centered
      title={action ? (action.kind === 'extend' ? A.extendTitle(action.nama) : A.reopenTitle(action.nama)) : ''}
      closeButtonProps={{ 'aria-label': t.dialog.close }}
    >
      {action ? (
        <ActionForm
          key={`${action.kind}-${action.attemptId}`}
          action={action}
          busy={busy}
          refusal={refusal}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ActionForm({ action, busy, refusal, onSubmit, onClose }: Omit<AttemptActionDialogProps, 'action'> & { action: AttemptAction }) {
  const extend = action.kind === 'extend';
  const [menit, setMenit] = useState<number | string>(10);
  const [alasan, setAlasan] = useState('');
  const [errors, setErrors] = useState<{ menit?: string; alasan?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = extend ? extendBodySchema.safeParse({ menit, alasan }) : reopenBodySchema.safeParse({ alasan });
    if (!parsed.success) {
      const next: { menit?: string; alasan?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'menit' ? 'menit' : 'alasan';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{extend ? A.extendText(action.section ?? '', action.endsAtText ?? '') : A.reopenText}</Text>
        {extend ? (
          <NumberInput
            label={A.minutes}
            min={1}
            max={EXTEND_MINUTES_MAX}
            step={5}
            allowDecimal={false}
            value={menit}
            onChange={setMenit}
            error={errors.menit}
            required
          />
        ) : null}
        <Textarea
          label={A.reason}
          placeholder={A.reasonPlaceholder}
          autosize
          minRows={2}
          maxLength={REASON_MAX_LENGTH}
          value={alasan}
          onChange={(e) => setAlasan(e.currentTarget.value)}
          error={errors.alasan}
          required
        />
        {refusal ? (
          <Alert color="red" title={A.failedTitle} role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} type="button">
            {A.cancel}
          </Button>
          <Button type="submit" color={extend ? undefined : 'red'} loading={busy}>
            {extend ? A.extendSubmit : A.reopenSubmit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
