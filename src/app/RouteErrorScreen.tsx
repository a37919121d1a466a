import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../components/ErrorScreen.tsx';

/** The router's errorElement: logs what broke, shows the generic error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorScreen />;
}
