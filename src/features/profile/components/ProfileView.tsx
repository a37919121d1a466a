import {
  Alert,
  Button,
  Center,
  Container,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PasswordField, PhoneInput } from '../../../components/CredentialInputs.tsx';
import type { FormEvent } from 'react';
import { t } from '../../../i18n/id.ts';
import { DefaultAvatar } from './DefaultAvatar.tsx';

export interface ProfileFormValues {
  nama: string;
  email: string;
  /** A new number to change to; empty keeps the current one. */
  newNohp: string;
}

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
}

export interface ProfileViewProps {
  status: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  /** The current number (shown as a hint under the field). */
  currentNohp: string;
  /** URL of the saved photo, or undefined for the default picture. */
  photoUrl: string | undefined;
  /** A picked, not yet saved photo (object URL) and its file name. */
  pickedPhoto: { url: string; name: string } | null;
  preparingPhoto: boolean;
  onPickPhoto: (file: File | null) => void;
  values: ProfileFormValues;
  onChange: (values: ProfileFormValues) => void;
  onSave: () => void;
  saving: boolean;
  passwordOpened: boolean;
  onOpenPassword: () => void;
  onClosePassword: () => void;
  password: PasswordValues;
  onPasswordChange: (values: PasswordValues) => void;
  onSavePassword: () => void;
  savingPassword: boolean;
}

const T = t.profile;

/** /profile (spec section 2, Profile User): photo with 'Ubah Foto', Nama, Email, Nomor HP, password modal. */
export function ProfileView(props: ProfileViewProps) {
  const { status, onRetry, currentNohp, photoUrl, pickedPhoto, preparingPhoto, onPickPhoto, values, onChange, onSave, saving } = props;
  const { passwordOpened, onOpenPassword, onClosePassword, password, onPasswordChange, onSavePassword, savingPassword } = props;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    onSavePassword();
  };

  let body;
  if (status === 'loading') {
    body = (
      <Center py="xl" role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">{T.loading}</Text>
        </Stack>
      </Center>
    );
  } else if (status === 'error') {
    body = (
      <Alert color="red" title={T.loadFailedTitle} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{T.loadFailed}</Text>
          <Button size="xs" variant="outline" color="red" onClick={onRetry}>
            {T.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const shown = pickedPhoto?.url ?? photoUrl;
    body = (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="form" onSubmit={submit}>
        <Stack gap="md">
          <Stack align="center" gap="xs">
            {shown ? (
              <Image src={shown} alt={T.photoAlt(values.nama)} w={128} h={128} radius={64} fit="cover" />
            ) : (
              <DefaultAvatar label={T.defaultPhoto} />
            )}
            <FileButton onChange={onPickPhoto} accept="image/png,image/jpeg,image/webp">
              {(fileProps) => (
                <Button {...fileProps} variant="light" size="xs" loading={preparingPhoto}>
                  {T.changePhoto}
                </Button>
              )}
            </FileButton>
            {pickedPhoto ? (
              <Text size="sm" ta="center" role="status">
                {T.photoChosen(pickedPhoto.name)}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            label={T.nama}
            value={values.nama}
            onChange={(e) => onChange({ ...values, nama: e.currentTarget.value })}
            autoComplete="name"
          />
          <TextInput
            label={T.email}
            type="email"
            value={values.email}
            onChange={(e) => onChange({ ...values, email: e.currentTarget.value })}
            autoComplete="email"
          />
          <PhoneInput
            label={T.nohp}
            placeholder={T.nohpPlaceholder}
            description={T.nohpCurrent(currentNohp)}
            value={values.newNohp}
            onChange={(e) => onChange({ ...values, newNohp: e.currentTarget.value })}
          />
          <Group justify="space-between" gap="sm">
            <Button type="button" variant="outline" onClick={onOpenPassword}>
              {T.changePassword}
            </Button>
            <Button type="submit" loading={saving} disabled={preparingPhoto}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Container size="xs" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {T.title}
        </Title>
        {body}
      </Stack>
      <Modal
        opened={passwordOpened}
        onClose={onClosePassword}
        title={T.passwordModalTitle}
        centered
        closeButtonProps={{ 'aria-label': t.dialog.close }}
      >
        <form onSubmit={submitPassword} noValidate>
          <Stack gap="sm">
            <PasswordField
              label={T.oldPassword}
              value={password.oldPassword}
              onChange={(e) => onPasswordChange({ ...password, oldPassword: e.currentTarget.value })}
              autoComplete="current-password"
            />
            <PasswordField
              label={T.newPassword}
              value={password.newPassword}
              onChange={(e) => onPasswordChange({ ...password, newPassword: e.currentTarget.value })}
              autoComplete="new-password"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={savingPassword}>
                {T.savePassword}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}
