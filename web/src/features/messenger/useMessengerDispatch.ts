import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { MessengerState } from './messengerSlice';

/** dispatch, typed for the messenger's thunks (messengerThunks.ts). */
export const useMessengerDispatch = () =>
  useDispatch<ThunkDispatch<{ messenger: MessengerState }, unknown, UnknownAction>>();
