import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { t } from '../i18n/id.ts';

/** A phone number field: the phone keypad and the browser's saved number (login, register, profile). */
export function PhoneInput(props: Omit<TextInputProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextInput type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

/** A password field whose show/hide button a screen reader can name. */
export function PasswordField(props: Omit<PasswordInputProps, 'visibilityToggleButtonProps'>) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t.password.toggleVisibility }} {...props} />;
}
