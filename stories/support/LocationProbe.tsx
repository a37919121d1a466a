import { useLocation } from 'react-router-dom';

/** Stands in for a destination page: shows where the router went and the state it carried. */
export function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string } } | null)?.from?.pathname;
  return (
    <div>
      <p data-testid="probe-path">{location.pathname}</p>
      {location.search ? <p data-testid="probe-search">{location.search}</p> : null}
      {from ? <p data-testid="probe-from">{from}</p> : null}
    </div>
  );
}
