import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and in a browser without JavaScript, true once the page hydrated: a component renders its plain
 * form first (a native field that works on its own) and swaps in the enhanced one.
 */
export function useEnhanced(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
