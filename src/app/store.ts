import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api, windowLocation, type ApiExtra } from '../api/api.ts';
import { authSlice } from './auth.slice.ts';

const rootReducer = combineSlices(api, authSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store per app start, story and test (no module-level singleton). `extra` reaches the
 * base query as `api.extra`; tests pass a fake location to observe the 401 redirect.
 */
export function makeStore(preloadedState?: Partial<RootState>, extra: ApiExtra = { location: windowLocation }) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
