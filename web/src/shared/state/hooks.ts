import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from '../../app/store';

/*
 * The store's hooks, typed once (as the Redux Toolkit templates do): components use these
 * instead of useSelector, useDispatch and useStore with casts. The store's types come from
 * app/ as types only (erased from the build), so no module of shared/ or features/ loads app/.
 */
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppStore = useStore.withTypes<AppStore>();
/** The store's type, for code of shared/ and features/ given the store itself. */
export type { AppStore };
