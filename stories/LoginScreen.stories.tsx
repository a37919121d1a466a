import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, demoAdmin } from '../src/api/mocks/auth.handlers.ts';
import { LoginScreen } from '../src/features/auth/components/LoginScreen.tsx';
import { LoginView } from '../src/features/auth/components/LoginView.tsx';
import { t } from '../src/i18n/id.ts';
import { LocationProbe } from './support/LocationProbe.tsx';

const meta = {
  title: 'Screens/Login',
  component: LoginView,
  args: {
    onSubmit: fn(),
    onCloseErrorDialog: fn(),
    isSubmitting: false,
    errorMessage: null,
    errorDialogOpen: false,
  },
  parameters: { route: '/login' },
} satisfies Meta<typeof LoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The LoginScreen container on /login, with a probe standing in for every other page. */
function LoginRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

async function fillAndSubmit(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(t.login.nohp), '081234567890');
  await userEvent.type(canvas.getByLabelText(t.login.password), 'salah-sekali');
  await userEvent.click(canvas.getByRole('button', { name: t.login.submit }));
}

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.login.title })).toBeVisible();
    // A phone opens its number keypad and offers the saved number.
    const nohp = canvas.getByLabelText(t.login.nohp);
    await expect(nohp).toHaveAttribute('type', 'tel');
    await expect(nohp).toHaveAttribute('inputmode', 'tel');
    await expect(nohp).toHaveAttribute('autocomplete', 'tel');
    const password = canvas.getByLabelText(t.login.password);
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: t.password.toggleVisibility }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('link', { name: t.login.toRegister })).toHaveAttribute('href', '/register');
    // No client-side checks: an empty form is still sent (spec section 5).
    await userEvent.click(canvas.getByRole('button', { name: t.login.submit }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ nohp: '', password: '' });
  },
};

export const Submitting: Story = {
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: t.login.submit });
    await expect(button).toHaveAttribute('data-loading', 'true');
    await expect(button).toBeDisabled();
  },
};

export const ServerErrorDialog: Story = {
  args: { errorMessage: 'Nomor HP atau password salah', errorDialogOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.login.failedTitle });
    await waitFor(() => expect(within(dialog).getByText('Nomor HP atau password salah')).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.ok }));
    await expect(args.onCloseErrorDialog).toHaveBeenCalled();
  },
};

export const ServerErrorUnderForm: Story = {
  args: { errorMessage: 'Nomor HP atau password salah', errorDialogOpen: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Nomor HP atau password salah');
  },
};

/** The whole flow against a mocked 401: the server's `error` field in the dialog and under the form. */
export const ServerErrorFlow: Story = {
  parameters: { msw: [authHandlers.loginFails(401, 'Nomor HP atau password salah')] },
  render: () => <LoginRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.login.failedTitle });
    await waitFor(() => expect(within(dialog).getByText('Nomor HP atau password salah')).toBeVisible());
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Nomor HP atau password salah');
  },
};

export const TooManyAttempts: Story = {
  parameters: { msw: [authHandlers.loginFails(429, 'Terlalu banyak percobaan login. Coba lagi dalam 60 detik.')] },
  render: () => <LoginRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.login.failedTitle });
    await waitFor(() => expect(within(dialog).getByText(/Terlalu banyak percobaan/)).toBeVisible());
  },
};

/** The network is down: no server answer, so the transport message is shown. */
export const TransportError: Story = {
  parameters: { msw: [authHandlers.loginNetworkError()] },
  render: () => <LoginRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.login.failedTitle });
    await waitFor(() => expect(within(dialog).getByText(t.transport.network)).toBeVisible());
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(t.transport.network);
  },
};

export const RedirectsUserToOrigin: Story = {
  parameters: {
    msw: [authHandlers.loginSucceeds()],
    route: { pathname: '/login', state: { from: { pathname: '/paket-saya' } } },
  },
  render: () => <LoginRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByTestId('probe-path')).toHaveTextContent('/paket-saya'));
  },
};

export const RedirectsAdminToDashboard: Story = {
  parameters: {
    msw: [authHandlers.loginSucceeds(demoAdmin)],
    route: { pathname: '/login', state: { from: { pathname: '/paket-saya' } } },
  },
  render: () => <LoginRoutes />,
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByTestId('probe-path')).toHaveTextContent('/admin'));
  },
};
