import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { UpdateProfileResponse } from '../../../../contract/profile.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, firstFieldError } from '../../../lib/api-error.ts';
import { useProfileDetailQuery, useUpdatePasswordMutation, useUpdateProfileMutation } from '../api/profile.api.ts';
import { downscaleImage, type PreparedImage } from '../../../lib/downscale-image.ts';
import { ProfileView, type PasswordValues, type ProfileFormValues } from './ProfileView.tsx';

export interface ProfileScreenProps {
  /**
   * Called with the saved name, number and photo so the signed-in identity shown elsewhere
   * (header) follows. The app wires it to the auth state; this feature does not know it.
   */
  onUserUpdated?: (user: UpdateProfileResponse['user']) => void;
}

const EMPTY_PASSWORD: PasswordValues = { oldPassword: '', newPassword: '' };
const serverMessage = (error: unknown) => bodyText(error, 'message') ?? firstFieldError(error);

/** A profile photo: enough for any avatar, light on mobile data. */
const PHOTO = { maxSide: 512, quality: 0.85, fallbackName: 'foto' };

/** /profile: binds the detail, the multipart save with a downscaled photo, and the password modal. */
export function ProfileScreen({ onUserUpdated }: ProfileScreenProps) {
  useDocumentTitle(`${t.profile.title} | ${t.app.name}`);
  const detail = useProfileDetailQuery();
  const [updateProfile, profileState] = useUpdateProfileMutation();
  const [updatePassword, passwordState] = useUpdatePasswordMutation();
  const [edits, setEdits] = useState<ProfileFormValues | null>(null);
  const [photo, setPhoto] = useState<(PreparedImage & { url: string }) | null>(null);
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const [passwordOpened, setPasswordOpened] = useState(false);
  const [password, setPassword] = useState<PasswordValues>(EMPTY_PASSWORD);

  // The preview's object URL is freed when replaced or when leaving the page.
  useEffect(() => {
    if (!photo) return undefined;
    return () => URL.revokeObjectURL(photo.url);
  }, [photo]);

  const data = detail.data;
  const values: ProfileFormValues = edits ?? { nama: data?.nama ?? '', email: data?.email ?? '', newNohp: '' };

  const onPickPhoto = async (file: File | null) => {
    if (!file) return;
    setPreparingPhoto(true);
    try {
      const prepared = await downscaleImage(file, PHOTO);
      setPhoto({ ...prepared, url: URL.createObjectURL(prepared.blob) });
    } finally {
      setPreparingPhoto(false);
    }
  };

  const onSave = async () => {
    if (!data) return;
    try {
      const result = await updateProfile({
        nohp: data.nohp,
        nama: values.nama,
        email: values.email,
        newNohp: values.newNohp.trim(),
        photo: photo ? { blob: photo.blob, fileName: photo.fileName } : null,
      }).unwrap();
      notifySuccess(result.message || t.profile.saved, { audience: 'participant', title: t.profile.savedTitle });
      onUserUpdated?.(result.user);
      setPhoto(null);
      setEdits(null);
    } catch (error) {
      notifyError(serverMessage(error) ?? t.profile.saveFailed, t.profile.saveFailedTitle);
    }
  };

  const onSavePassword = async () => {
    if (!password.oldPassword || !password.newPassword) {
      notifyWarning(t.profile.incomplete, t.profile.incompleteTitle);
      return;
    }
    try {
      const result = await updatePassword({ nohp: data?.nohp, ...password }).unwrap();
      notifySuccess(result.message || t.profile.passwordSaved, { audience: 'participant', title: t.profile.passwordSavedTitle });
      setPasswordOpened(false);
      setPassword(EMPTY_PASSWORD);
    } catch (error) {
      notifyError(serverMessage(error) ?? t.profile.passwordFailed, t.profile.passwordFailedTitle);
    }
  };

  return (
    <ProfileView
      status={detail.isError ? 'error' : data ? 'ready' : 'loading'}
      onRetry={() => void detail.refetch()}
      currentNohp={data?.nohp ?? ''}
      photoUrl={apiAssetUrl(data?.profilePic)}
      pickedPhoto={photo ? { url: photo.url, name: photo.fileName } : null}
      preparingPhoto={preparingPhoto}
      onPickPhoto={(file) => void onPickPhoto(file)}
      values={values}
      onChange={setEdits}
      onSave={() => void onSave()}
      saving={profileState.isLoading}
      passwordOpened={passwordOpened}
      onOpenPassword={() => setPasswordOpened(true)}
      onClosePassword={() => setPasswordOpened(false)}
      password={password}
      onPasswordChange={setPassword}
      onSavePassword={() => void onSavePassword()}
      savingPassword={passwordState.isLoading}
    />
  );
}
