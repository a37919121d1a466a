import { useLocation } from 'react-router-dom';

/** Test stand-in for /login: prints the router location state the guard left behind. */
export function LocationState() {
  return <pre data-testid="location-state">{JSON.stringify(useLocation().state)}</pre>;
}
