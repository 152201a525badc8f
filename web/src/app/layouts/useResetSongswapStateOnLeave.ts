import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isInSongswapArea, songswapAreaLeft } from '../../features/songswap/tradesUiSlice';
import { tradesTableScrollReset } from '../../shared/state/appSlice';
import { useAppDispatch } from '../../shared/state/hooks';

/**
 * Leaving the song-swap area resets the saved trade selection and the
 * trades table scroll position (both are kept while moving inside the area), and the swap
 * filters with them.
 */
export function useResetSongswapStateOnLeave(): void {
  const dispatch = useAppDispatch();
  const inSongswap = isInSongswapArea(useLocation().pathname);
  const wasInSongswap = useRef(inSongswap);

  useEffect(() => {
    if (wasInSongswap.current && !inSongswap) {
      dispatch(tradesTableScrollReset());
      dispatch(songswapAreaLeft());
    }
    wasInSongswap.current = inSongswap;
  }, [dispatch, inSongswap]);
}
