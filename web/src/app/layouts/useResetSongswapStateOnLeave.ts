import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'react-router';
import { isInSongswapArea, tradeSelectionCleared } from '../../features/songswap/tradesSlice';
import { tradesTableScrollReset } from '../../shared/state/appSlice';

/**
 * Spec section 2, Shell: leaving the song-swap area resets the saved trade selection and the
 * trades table scroll position (both are kept while moving inside the area).
 */
export function useResetSongswapStateOnLeave(): void {
  const dispatch = useDispatch();
  const inSongswap = isInSongswapArea(useLocation().pathname);
  const wasInSongswap = useRef(inSongswap);

  useEffect(() => {
    if (wasInSongswap.current && !inSongswap) {
      dispatch(tradesTableScrollReset());
      dispatch(tradeSelectionCleared());
    }
    wasInSongswap.current = inSongswap;
  }, [dispatch, inSongswap]);
}
