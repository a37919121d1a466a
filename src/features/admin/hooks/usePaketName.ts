import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation } from 'react-router-dom';
import { useGetPaketQuery } from '../api/admin-content.api.ts';

/** Navigation state the admin screens pass along (spec section 2: the package name travels with it). */
export interface PaketNavState {
  namaPaket?: string;
}

function namaFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const nama = (state as PaketNavState).namaPaket;
  return typeof nama === 'string' && nama !== '' ? nama : undefined;
}

/**
 * The package name for a screen: from navigation state when the admin came through the app,
 * else fetched, so a reloaded or pasted URL still shows it.
 */
export function usePaketName(paketId: number | undefined): string | undefined {
  const fromState = namaFromState(useLocation().state);
  const { data } = useGetPaketQuery(fromState || paketId === undefined ? skipToken : paketId);
  return fromState ?? data?.nama_paket;
}

/** The numeric id of a route parameter, or undefined when it is not a positive integer. */
export function idParam(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
