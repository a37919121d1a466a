import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers } from '../src/api/mocks/auth.handlers.ts';
import { RegisterScreen } from '../src/features/auth/components/RegisterScreen.tsx';
import { RegisterView } from '../src/features/auth/components/RegisterView.tsx';
import { t } from '../src/i18n/id.ts';
import { LocationProbe } from './support/LocationProbe.tsx';

const meta = {
  title: 'Screens/Register',
  component: RegisterView,
  args: {
    onSubmit: fn(),
    onCloseErrorDialog: fn(),
    isSubmitting: false,
    errorMessage: null,
    errorDialogOpen: false,
  },
  parameters: { route: '/register' },
} satisfies Meta<typeof RegisterView>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

function RegisterRoutes() {
  return (
    <Routes>
      <Route path="/register" element={<RegisterScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

async function fillAndSubmit(canvasElement: HTMLElement, email = 'siti@contoh.com') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(t.register.nama), 'Siti Nurhaliza');
  await userEvent.type(canvas.getByLabelText(t.register.nohp), '081234567890');
  await userEvent.type(canvas.getByLabelText(t.register.email), email);
  await userEvent.type(canvas.getByLabelText(t.register.password), 'rahasia123');
  await userEvent.click(canvas.getByRole('button', { name: t.register.submit }));
}

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.register.title })).toBeVisible();
    await expect(canvas.getByLabelText(t.register.email)).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('link', { name: t.register.toLogin })).toHaveAttribute('href', '/login');
    // A malformed email is still sent: the server validates (spec section 5).
    await fillAndSubmit(canvasElement, 'bukan-email');
    await expect(args.onSubmit).toHaveBeenCalledWith({
      nama: 'Siti Nurhaliza',
      nohp: '081234567890',
      email: 'bukan-email',
      password: 'rahasia123',
    });
  },
};

export const Submitting: Story = {
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: t.register.submit })).toBeDisabled();
  },
};

/** 409: the server's message in the 'Gagal Register' dialog and under the form. */
export const DuplicatePhone: Story = {
  parameters: { msw: [authHandlers.registerFails(409, { message: 'Nomor HP sudah terdaftar.' })] },
  render: () => <RegisterRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.register.failedTitle });
    await waitFor(() => expect(within(dialog).getByText('Nomor HP sudah terdaftar.')).toBeVisible());
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Nomor HP sudah terdaftar.');
  },
};

/** 400 without a usable message: the first field error's msg is shown. */
export const FieldError: Story = {
  parameters: {
    msw: [
      authHandlers.registerFails(400, {
        message: '',
        errors: [
          { path: 'email', msg: 'Format email tidak valid.' },
          { path: 'password', msg: 'Password minimal 8 karakter.' },
        ],
      }),
    ],
  },
  render: () => <RegisterRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'bukan-email');
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.register.failedTitle });
    await waitFor(() => expect(within(dialog).getByText('Format email tidak valid.')).toBeVisible());
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Format email tidak valid.');
  },
};

export const ErrorDialog: Story = {
  args: { errorMessage: 'Nomor HP sudah terdaftar.', errorDialogOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.register.failedTitle });
    await waitFor(() => expect(within(dialog).getByText('Nomor HP sudah terdaftar.')).toBeVisible());
  },
};

/** 201: a success notification, then /login (spec section 4). */
export const SuccessGoesToLogin: Story = {
  parameters: { msw: [authHandlers.registerSucceeds()] },
  render: () => <RegisterRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByTestId('probe-path')).toHaveTextContent('/login'));
    await waitFor(() => expect(body(canvasElement).getByText('Registrasi berhasil')).toBeVisible());
  },
};
